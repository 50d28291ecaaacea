"""Numbered SQL per module, applied in dependency order (never folder order, dateien.md §4).

Layout: `store/schema/<module>/<NNN>_<name>.sql`. A module's position in the dependency graph decides
when it runs; inside a module the number is the version. Applied files are recorded with a checksum in
`schema_migrations`; a changed file that was already applied is an error, not a silent re-run.

The checksum binds the statements, not the comments: full-line `--` comments and blank lines are left out, so a
comment may be reworded after the file was applied. Databases migrated before this rule recorded the checksum of
the whole text; such a record is accepted when it is the checksum of this file's present text or of an earlier
wording with the very same statements (`earlier_wordings.json`), and is then rewritten to the statements' checksum.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from importlib import resources

import psycopg

from novaberg.core.errors import DatabaseError
from novaberg.store.db import Database

__all__ = ["MODULE_DEPENDENCIES", "Migration", "discover", "migration_order", "migrate", "not_applied",
           "require_current_schema", "REQUIRED_EXTENSIONS", "extension_versions", "server_version"]

# Every module with schema files, and the modules whose tables it references.
MODULE_DEPENDENCIES: dict[str, tuple[str, ...]] = {
    "core": (),
    "timeline": ("core",),
    "notes": ("core", "timeline"),
    "memory": ("core", "timeline"),
    "files": ("core",),
    "directives": ("core",),
}

_FILE = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")
_LOCK_KEY = 7_201_911  # advisory lock: one migrator at a time

_CREATE_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    module     TEXT NOT NULL,
    version    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (module, version)
)
"""
_SELECT_APPLIED = "SELECT module, version, checksum FROM schema_migrations"
_VERSION_TABLE_EXISTS = "SELECT to_regclass('schema_migrations') IS NOT NULL AS present"
_INSERT_APPLIED = "INSERT INTO schema_migrations (module, version, name, checksum) VALUES (%s, %s, %s, %s)"
_UPDATE_CHECKSUM = "UPDATE schema_migrations SET checksum = %s WHERE module = %s AND version = %s"
# Required on every database, with what they are for.
REQUIRED_EXTENSIONS: dict[str, str] = {
    "vector": "pgvector: embeddings of memory and files",
    "pg_trgm": "trigram similarity: the notes search",
}
_AVAILABLE = "SELECT name FROM pg_available_extensions WHERE name = ANY(%s)"
_INSTALLED = "SELECT extname, extversion FROM pg_extension WHERE extname = ANY(%s)"
_SERVER_VERSION = "SHOW server_version"
_OLD_FALLBACK = "SELECT to_regprocedure('novaberg_trigrams(text)') IS NOT NULL AS present"


def statements_of(sql: str) -> str:
    """The SQL without its full-line comments and blank lines: what a migration's checksum binds."""
    return "\n".join(line.rstrip() for line in sql.splitlines()
                     if line.strip() and not line.lstrip().startswith("--"))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _earlier_wordings() -> dict[str, frozenset[str]]:
    """`module/NNN` -> whole-text checksums of earlier wordings of that file with the same statements."""
    raw = (resources.files("novaberg.store") / "schema" / "earlier_wordings.json").read_text(encoding="utf-8")
    return {key: frozenset(values) for key, values in json.loads(raw)["wordings"].items()}


@dataclass(frozen=True)
class Migration:
    module: str
    version: int
    name: str
    sql: str

    @property
    def key(self) -> str:
        return f"{self.module}/{self.version:03d}"

    @property
    def checksum(self) -> str:
        return _sha256(statements_of(self.sql))

    def recorded_before(self, recorded: str, earlier: dict[str, frozenset[str]]) -> bool:
        """Whether `recorded` is the whole-text checksum an older version stored for this file (its present
        text, or an earlier wording with the same statements)."""
        return recorded == _sha256(self.sql) or recorded in earlier.get(self.key, frozenset())


def migration_order(dependencies: dict[str, tuple[str, ...]] = MODULE_DEPENDENCIES) -> list[str]:
    """Topological order of the modules; ties keep the declared order. A cycle or unknown module is loud."""
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module not in dependencies:
            raise DatabaseError(f"migration module {module!r} (needed by {path[-1]!r}) is not declared")
        if state.get(module) == "done":
            return
        if state.get(module) == "visiting":
            raise DatabaseError(f"migration modules form a cycle: {' -> '.join((*path, module))}")
        state[module] = "visiting"
        for dep in dependencies[module]:
            visit(dep, (*path, module))
        state[module] = "done"
        order.append(module)

    for module in dependencies:
        visit(module, ("<root>",))
    return order


def discover() -> list[Migration]:
    """All migrations in the order they must run."""
    schema = resources.files("novaberg.store") / "schema"
    migrations: list[Migration] = []
    for module in migration_order():
        folder = schema / module
        if not folder.is_dir():
            continue
        versions: set[int] = set()
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            match = _FILE.match(entry.name)
            if not match:
                if entry.name.endswith(".sql"):
                    raise DatabaseError(f"migration file {module}/{entry.name} is not named NNN_name.sql")
                continue
            version = int(match.group(1))
            if version in versions:
                raise DatabaseError(f"migration {module}/{version:03d} exists twice")
            versions.add(version)
            migrations.append(Migration(module, version, match.group(2), entry.read_text()))
    return migrations


MIGRATION_SECONDS = 600.0


def migrate(db: Database) -> list[str]:
    """Bring the database to the current schema in one call; returns what was applied. Idempotent."""
    applied_now: list[str] = []
    with db.transaction(seconds=MIGRATION_SECONDS) as conn:  # an index over a large table may take a while
        # a second process starting meanwhile (N `serve` on one database, docs/deploy.md) waits for the first
        # one's migration instead of failing on the pool's 5 s lock limit
        conn.execute(f"SET LOCAL lock_timeout = {round(MIGRATION_SECONDS * 1000)}")
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        _ensure_extensions(conn)
        conn.execute(_CREATE_VERSION_TABLE)
        done = {(r["module"], r["version"]): r["checksum"] for r in conn.execute(_SELECT_APPLIED).fetchall()}
        earlier = _earlier_wordings()
        for migration in discover():
            key = (migration.module, migration.version)
            if key in done:
                if done[key] == migration.checksum:
                    continue
                if migration.recorded_before(done[key], earlier):
                    conn.execute(_UPDATE_CHECKSUM, (migration.checksum, migration.module, migration.version))
                    continue
                raise DatabaseError(
                    f"migration {migration.module}/{migration.version:03d}_{migration.name} was changed "
                    "after it was applied; add a new numbered file instead"
                )
            try:
                conn.execute(migration.sql)
            except psycopg.Error as err:
                raise DatabaseError(
                    f"migration {migration.module}/{migration.version:03d}_{migration.name} failed: {err}"
                ) from err
            conn.execute(_INSERT_APPLIED, (migration.module, migration.version, migration.name, migration.checksum))
            applied_now.append(f"{migration.module}/{migration.version:03d}_{migration.name}")
    return applied_now


def not_applied(db: Database) -> list[str]:
    """The migrations of this version that the database lacks, in order — read only: nothing is created, locked
    or applied. A changed file that was already applied is loud, as in `migrate`."""
    with db.transaction() as conn:
        present = conn.execute(_VERSION_TABLE_EXISTS).fetchone()["present"]
        rows = conn.execute(_SELECT_APPLIED).fetchall() if present else []
    done = {(r["module"], r["version"]): r["checksum"] for r in rows}
    earlier = _earlier_wordings()
    missing: list[str] = []
    for migration in discover():
        recorded = done.get((migration.module, migration.version))
        if recorded is None:
            missing.append(f"{migration.module}/{migration.version:03d}_{migration.name}")
        elif recorded != migration.checksum and not migration.recorded_before(recorded, earlier):
            raise DatabaseError(
                f"migration {migration.module}/{migration.version:03d}_{migration.name} was changed "
                "after it was applied; add a new numbered file instead"
            )
    return missing


def require_current_schema(db: Database, owner: object) -> None:
    """For a process beside the owner of the data directory (`owner`, said in the message): the schema must be
    this version's already — only the owner migrates, at its start. A schema behind is a clear DatabaseError
    and nothing is changed."""
    missing = not_applied(db)
    if missing:
        shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
        raise DatabaseError(
            f"the database schema is behind this version of novaberg ({shown} not applied); the running "
            f"novaberg process that owns the data directory ({owner}) migrates it when it starts: restart it "
            "with this version, then run this command again. Nothing was changed."
        )


def _ensure_extensions(conn: psycopg.Connection) -> None:
    """Both extensions are required on every database: a missing one is a clear error at start."""
    available = {row["name"] for row in conn.execute(_AVAILABLE, (list(REQUIRED_EXTENSIONS),)).fetchall()}
    missing = [name for name in REQUIRED_EXTENSIONS if name not in available]
    if missing:
        raise DatabaseError(
            "the database server lacks the extension" + ("s " if len(missing) > 1 else " ")
            + " and ".join(f"{name!r} ({REQUIRED_EXTENSIONS[name]})" for name in missing)
            + "; install it on the server (or use the embedded default without NOVABERG_DATABASE_URL)"
        )
    if conn.execute(_OLD_FALLBACK).fetchone()["present"]:
        raise DatabaseError(
            "this database was built for the old SQL trigram fallback (function novaberg_trigrams exists); "
            "copy its data into a new database with 'novaberg migrate-data' instead of migrating it in place"
        )
    for name in REQUIRED_EXTENSIONS:
        try:
            conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name}")
        except psycopg.Error as err:
            raise DatabaseError(f"could not create the extension {name!r}: {err}") from err


def extension_versions(db: Database) -> dict[str, str]:
    """The installed versions of the required extensions (for `novaberg doctor`)."""
    with db.transaction() as conn:
        rows = conn.execute(_INSTALLED, (list(REQUIRED_EXTENSIONS),)).fetchall()
    return {row["extname"]: row["extversion"] for row in rows}


def server_version(db: Database) -> str:
    """The PostgreSQL server's version number (`18.1`), for `doctor`."""
    with db.transaction() as conn:
        return str(conn.execute(_SERVER_VERSION).fetchone()["server_version"]).split()[0]
