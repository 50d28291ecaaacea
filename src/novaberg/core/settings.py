"""Every threshold the specification names, with its value and section, and the NOVABERG_* environment.

One place: modules import the constant or read `Settings`; nobody repeats a number.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from novaberg.core.errors import ConfigError

__all__ = [
    "Settings",
    "FILES_BOUNDARY_ENV",
    "FILES_EXTENSIONS",
    "FILES_MAX_BYTES",
    "FILES_EXCERPT_SENTENCES",
    "FILES_KEYWORDS",
    "load_settings",
    "LOGIN_RATE_DEFAULT",
    "TURN_RATE_DEFAULT",
    "DEFAULT_TIMEZONE",
    "PENDING_TTL_SECONDS",
    "PROACTIVE_DAYS_BACK",
    "PROACTIVE_DAYS_AHEAD",
    "PIPELINE_LOG_RETENTION_DAYS",
    "RESUBMISSION_DAYS",
    "KZG_SALIENZ_MINIMUM",
    "KZG_SALIENZ_MID",
    "KZG_SALIENZ_HIGH",
    "NOTES_WHERE_THRESHOLD",
    "NOTES_POST_FILTER",
    "NOTES_SEARCH_LIMIT",
    "NOTES_CONTEXT_TURN_PAIRS",
    "NOTES_NAME_WORDS",
    "NOTES_SUMMARY_WORDS",
    "TIMELINE_CHAIN_MAX_STEPS",
    "TIMELINE_SEARCH_LIMIT",
    "TIMELINE_SEARCH_LIMIT_MAX",
    "TIMELINE_AGENT_SEARCH_LIMIT",
    "TRIBUNAL_WARN",
    "TRIBUNAL_REJECT",
    "TRIBUNAL_DIRECTIVE_WARN",
    "TRIBUNAL_DIRECTIVE_REJECT",
    "MAX_CORRECTIONS",
    "PROMOTION_MATCH_THRESHOLD",
    "EMBED_DIMENSIONS",
    "LLM_TIMEOUT_SECONDS",
    "ID_MAX_CHARS",
    "TEXT_MAX_CHARS",
    "HTTP_BODY_MAX_BYTES",
    "DATE_YEAR_MIN",
    "DATE_YEAR_MAX",
    "CONNECT_TIMEOUT_SECONDS",
]

# --- time (timeline.md §9: UTC in the database, Europe/Berlin for people)
DEFAULT_TIMEZONE = "Europe/Berlin"

# --- web sessions (a signed-in cookie expires; NOVABERG_SESSION_DAYS, read once at open)
SESSION_DAYS_DEFAULT = 30
SESSION_DAYS_MAX = 366

# --- rate limits at the HTTP edge (api/rate_limit.py): (requests, seconds); NOVABERG_RATE_LOGIN / NOVABERG_RATE_TURN
# as `N/S` (`0` switches a limit off), read once at open. /login counts per client address and per token prefix,
# /turn per person.
LOGIN_RATE_DEFAULT = (10, 60)
TURN_RATE_DEFAULT = (30, 60)

# --- pending questions (timeline.md §10 "Resume-TTL: 300s", notizen.md §7)
PENDING_TTL_SECONDS = 300

# --- proactive window (timeline.md §4.3: today −3 to +14 days, one source)
PROACTIVE_DAYS_BACK = 3
PROACTIVE_DAYS_AHEAD = 14

# --- pipeline_log retention (365 days, raw turns kept for ever)
PIPELINE_LOG_RETENTION_DAYS = 365

# --- resubmission (timeline.md §8: one week after the moment)
RESUBMISSION_DAYS = 7

# --- salience bands (dateien.md §4b.1: effective = sin(raw·π/2)^0.5)
KZG_SALIENZ_MINIMUM = 0.67379  # raw 0.3
KZG_SALIENZ_MID = 0.84090  # raw 0.5
KZG_SALIENZ_HIGH = 0.94393  # raw 0.7; also the limit for events of other persons (timeline.md §3a)

# --- notes search (notizen.md §4: WHERE threshold per field, post-filter, score gap)
NOTES_WHERE_THRESHOLD = 0.15
NOTES_POST_FILTER = 0.3
NOTES_SEARCH_LIMIT = 10
NOTES_CONTEXT_TURN_PAIRS = 5  # notizen.md §3: content from the last five previous turn pairs
NOTES_NAME_WORDS = 5  # notizen.md §5: name = first five words of the content
NOTES_SUMMARY_WORDS = 20  # notizen.md §5: summary = first 20 words

# --- timeline (timeline.md §5.2: follow the successor chain at most ten steps)
TIMELINE_CHAIN_MAX_STEPS = 10

# --- timeline agent
TIMELINE_SEARCH_LIMIT = 5  # timeline.md §4a "Fenster": a title search reads 5 by default
TIMELINE_SEARCH_LIMIT_MAX = 10  # timeline.md §4a "Fenster": … and at most 10
TIMELINE_AGENT_SEARCH_LIMIT = 10  # timeline.md §4.1/§4a: the agent's title search reads the most a search may

# --- tribunal (tribunal.md §5.2; §4 "Korrektur-Grenze")
TRIBUNAL_WARN = 0.7
TRIBUNAL_REJECT = 0.9
TRIBUNAL_DIRECTIVE_WARN = 0.5
TRIBUNAL_DIRECTIVE_REJECT = 0.7
MAX_CORRECTIONS = 2

# --- promotion (synapsen-promotion.md §3b: match threshold against the pair's nodes)
PROMOTION_MATCH_THRESHOLD = 0.82

# --- embeddings (hashing embedder, 768 dimensions)
EMBED_DIMENSIONS = 768

# --- model connectors (time-outs and one retry)
LLM_TIMEOUT_SECONDS = 60.0  # a total per call, retry included

# --- the edge (input limits): what crosses HTTP, CLI, facade and a model's answer
ID_MAX_CHARS = 200  # user_id, character_id: 1–200 printable characters
TEXT_MAX_CHARS = 20_000  # one turn's text
HTTP_BODY_MAX_BYTES = 256 * 1024  # a request body above this is refused with 413 before it is parsed
DATE_YEAR_MIN = 1900  # dates outside these years are no dates: the parser abstains, a model's value is refused
DATE_YEAR_MAX = 2199

# --- faults ("a clear error within 5 s"): how long a connection to the database or Redis is tried
CONNECT_TIMEOUT_SECONDS = 4.0


def _default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("novaberg", appauthor=False))


@dataclass(frozen=True)
class Settings:
    """The settings of one process, read once from the environment at the outer layer."""

    data_dir: Path = field(default_factory=_default_data_dir)
    database_url: str | None = None
    redis_url: str | None = None
    llm: str = "offline"
    llm_url: str | None = None
    llm_api_key: str | None = field(default=None, repr=False)  # a secret: never in a repr or a log line
    embedder: str = "hashing"
    embed_url: str | None = None
    session_days: int = SESSION_DAYS_DEFAULT
    timezone: str = DEFAULT_TIMEZONE
    llm_timeout: float = LLM_TIMEOUT_SECONDS
    prompt_dir: Path | None = None
    llm_slots: int = 1  # requests the model server serves at once (the judges send no more)
    login_rate: tuple[int, int] = LOGIN_RATE_DEFAULT  # sign-in attempts per seconds, per address and token prefix
    turn_rate: tuple[int, int] = TURN_RATE_DEFAULT  # turns per seconds, per person

    @property
    def zone(self) -> ZoneInfo:
        return zone_of(self.timezone)


def zone_of(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as err:
        raise ConfigError(f"unknown time zone {name!r} (NOVABERG_TIMEZONE)") from err


def load_settings(env: Mapping[str, str] | None = None, **overrides: object) -> Settings:
    """Settings from NOVABERG_* variables; explicit overrides (CLI flags) win over the environment."""
    env = os.environ if env is None else env
    values: dict[str, object] = {}
    if env.get("NOVABERG_DATA_DIR"):
        values["data_dir"] = Path(env["NOVABERG_DATA_DIR"]).expanduser()
    for key, name in (
        ("database_url", "NOVABERG_DATABASE_URL"),
        ("redis_url", "NOVABERG_REDIS_URL"),
        ("llm", "NOVABERG_LLM"),
        ("llm_url", "NOVABERG_LLM_URL"),
        ("llm_api_key", "NOVABERG_LLM_API_KEY"),
        ("embedder", "NOVABERG_EMBEDDER"),
        ("embed_url", "NOVABERG_EMBED_URL"),
        ("timezone", "NOVABERG_TIMEZONE"),
    ):
        if env.get(name):
            values[key] = env[name]
    if env.get("NOVABERG_SESSION_DAYS"):
        values["session_days"] = _session_days(env["NOVABERG_SESSION_DAYS"])
    if env.get("NOVABERG_LLM_TIMEOUT"):
        try:
            values["llm_timeout"] = float(env["NOVABERG_LLM_TIMEOUT"])
        except ValueError as err:
            raise ConfigError(f"NOVABERG_LLM_TIMEOUT is not a number: {env['NOVABERG_LLM_TIMEOUT']!r}") from err
    if env.get("NOVABERG_LLM_SLOTS"):
        raw = env["NOVABERG_LLM_SLOTS"].strip()
        if not raw.isdigit() or int(raw) < 1:
            raise ConfigError(f"NOVABERG_LLM_SLOTS must be a whole number of at least 1: {raw!r}")
        values["llm_slots"] = int(raw)
    for key, name in (("login_rate", "NOVABERG_RATE_LOGIN"), ("turn_rate", "NOVABERG_RATE_TURN")):
        if env.get(name):
            values[key] = _rate(name, env[name])
    if env.get("NOVABERG_PROMPT_DIR"):
        values["prompt_dir"] = Path(env["NOVABERG_PROMPT_DIR"]).expanduser()
    for key, value in overrides.items():
        if value is not None:
            values[key] = Path(value).expanduser() if key in ("data_dir", "prompt_dir") else value
    settings = Settings(**values)  # type: ignore[arg-type]
    settings.zone  # noqa: B018 - validate the zone name early, loudly
    return settings


_RATE = re.compile(r"\s*(\d{1,6})\s*/\s*(\d{1,5})\s*", re.ASCII)


def _rate(name: str, raw: str) -> tuple[int, int]:
    """`N/S` — at most N requests in S seconds (N 0: no limit); anything else stops the start loudly."""
    if raw.strip() == "0":
        return (0, 1)
    found = _RATE.fullmatch(raw)
    if found is None or not 0 < int(found[2]) <= 86400:
        raise ConfigError(f"{name} must be N/S (N requests in S seconds, S 1 to 86400) or 0, not {raw!r}")
    return (int(found[1]), int(found[2]))


def _session_days(raw: str) -> int:
    """NOVABERG_SESSION_DAYS: whole days, 1 to SESSION_DAYS_MAX; anything else stops the start loudly."""
    try:
        days = int(raw.strip())
    except ValueError as err:
        raise ConfigError(f"NOVABERG_SESSION_DAYS is not a whole number of days: {raw!r}") from err
    if not 1 <= days <= SESSION_DAYS_MAX:
        raise ConfigError(f"NOVABERG_SESSION_DAYS must be 1 to {SESSION_DAYS_MAX} days, not {days}")
    return days


# --- files (dateien.md §5, §5.5a, §7): the readable formats, the size limit. The outer boundary is per person
# in the database (`novaberg roots allow`); the old variable below grants nothing — `doctor` warns.
FILES_BOUNDARY_ENV = "NOVABERG_FILES_BOUNDARY"  # deprecated: read only by `doctor`, to warn
FILES_EXTENSIONS: tuple[str, ...] = (".txt", ".md", ".rst", ".org", ".csv", ".json", ".html", ".htm", ".docx",
                                     ".pdf")
FILES_MAX_BYTES = 2_000_000  # a bigger file is seen and skipped with reason 'zu_gross' (§5.5a)
FILES_EXCERPT_SENTENCES = 3  # offline summary: the first sentences
FILES_KEYWORDS = 8  # offline keywords: the most distinctive words
# retrieval (dateien.md §3.0a, §3.0a-bis, §6.3a): the cap is the assurance, the threshold the fine-tuning
FILES_HITS_CAP = 5  # K: entries of one turn's block, and the rank whose cosine is tracked every turn
FILES_DENSE_START = 0.55  # §3.0a "Erstens": the start value until the pair's own distribution has samples
FILES_DENSE_FLOOR = 0.30  # §3.0a-bis: the absolute floor („ob überhaupt"), never moved by the quantile
FILES_DENSE_MIN_SAMPLES = 5  # tracked K-th cosines before the pair's own quantile replaces the start value
FILES_QUERY_MAX_CHARS = 2_000  # the part of a question the search reads (a 10,000-character question is cut)
FILES_QUERY_MAX_TERMS = 24  # lexemes of one question the channels match (the most frequent first)


# --- memory and heartbeat (synapsen-promotion.md, dateien.md §4b.1, timeline.md §5.5)
KZG_TTL_DAYS_MINIMUM = 7  # dateien.md §4b.1b: a short-term entry lives 7 to 30 days, by band
KZG_TTL_DAYS_MID = 14
KZG_TTL_DAYS_HIGH = 30
PROMOTION_MAX_ATTEMPTS = 3  # §3: after this many failed attempts an order goes to `:gescheitert` (logged)
PROMOTION_CANDIDATES = 10  # §3b: the pair's nearest nodes (inactive included) matched and linked by edges
PROMOTION_BATCH = 25  # §3: orders taken into `:arbeit` and written in one transaction (a retried order goes alone)
MEMORY_BLOCK_CAP = 5  # [ERINNERUNGEN]: at most this many entries per turn
MEMORY_BLOCK_FLOOR = 0.35  # [ERINNERUNGEN]: a long-term node below this cosine to the turn is not shown
MEMORY_ABOUT_ME_CAP = 10  # "Was weißt du über mich?": the pair's nodes listed, newest first
PIXIE_LOCK_SECONDS = 60.0  # the heartbeat's Redis lock expires after this unless renewed (every third)
PIXIE_TICK_SECONDS = 30.0  # the foreground heartbeat looks for due jobs this often
PIXIE_JOB_INTERVALS: dict[str, float] = {  # seconds between two runs of a background job
    "synapsen_promotion": 300.0,  # every 5 minutes
    "ereignisse": 60.0,  # timeline.md §5.5: the passive orders of events of other persons
    "wiedervorlage": 3600.0,  # timeline.md §8: due resubmissions → the proactive mention
    "log_bereinigung": 86400.0,  # 365 days, `turn_roh` kept
    "dateien_index": 3600.0,  # dateien.md §8.3: the index watcher on a schedule
}
