"""False corrections and uncovered false claims over labelled conversations.

Each conversation runs through `Nova.turn` with a scripted composer that paraphrases (the offline model for
everything else); its last answer is labelled *wahr* (what it says about the stored state is true) or
*falsch* (it claims a write that did not happen, or a state that is not stored). Counted per conversation:

- a false correction: a *wahr* answer got the storage order (SPEICHERUNG NICHT BELEGT) or the correction note;
- an uncovered false claim: a *falsch* answer went out with neither.

The corrector keeps the answer (a model that holds its sentence), so an uncorrected claim shows as such.

Measured (main before 4621102: false corrections 4 of 10, uncovered false claims 6 of 11;
after 0 of 10 and 0 of 11).

Run: .venv/bin/python -m bench.tribunal.claims [-v]   (prints the counts; not a test)
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bench.database import bench_database

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))  # a Monday
HEAD = "SPEICHERUNG NICHT BELEGT"
VERBOSE = False
NOTE = "Richtigstellung"


@dataclass(frozen=True)
class Conversation:
    name: str
    setup: tuple[str, ...]  # turns answered by the offline composer (the services' own reports)
    text: str  # the measured turn
    answer: str  # what the paraphrasing composer says in it
    label: str  # 'wahr' | 'falsch'


C = Conversation
PHYSIO = "Trag mir am Freitag um 11 Uhr die Physiotherapie ein"
PACK = "Schreib Pass und Ladekabel auf die Packliste"
SHOP = "Schreib Äpfel und Milch auf die Einkaufsliste"

CONVERSATIONS: tuple[Conversation, ...] = (
    # --- true statements --------------------------------------------------------------------------------
    C("physio_steht_drin", (PHYSIO,), "Steht die Physiotherapie am Freitag um 11 drin?",
      "Ja, die Physiotherapie am Freitag um 11 Uhr ist eingetragen.", "wahr"),
    C("packliste_gelesen", (PACK, "Ja"), "Was steht auf meiner Packliste?",
      "Auf deiner Packliste stehen Pass und Ladekabel.", "wahr"),
    C("wiederholung_danach", ("Trag mir morgen um 10 Uhr den Zahnarzt ein",), "Danke dir!",
      "Gern! Der Zahnarzt morgen um 10 Uhr ist eingetragen.", "wahr"),
    C("umgelegt_mit_dienst", (PHYSIO,), "Verschieb die Physiotherapie auf Montag um 15 Uhr",
      "Ich habe die Physiotherapie auf Montag umgelegt.", "wahr"),
    C("umbenannt_mit_dienst", (SHOP, "Ja"), "Benenne die Einkaufsliste in Wocheneinkauf um",
      "Ich hab die Liste in Wocheneinkauf umbenannt.", "wahr"),
    C("geleert_mit_dienst", (PACK, "Ja"), "Leere die Packliste",
      "Hab die Packliste komplett geleert.", "wahr"),
    C("verlegt_mit_dienst", (PHYSIO,), "Verschieb die Physiotherapie auf Donnerstag um 16 Uhr",
      "Klar, schon verlegt!", "wahr"),
    C("geschrieben_mit_dienst", ("Schreib Ladekabel auf die Packliste", "Ja"), "Schreib Pass auf die Packliste",
      "Ich habe Pass auf die Packliste geschrieben.", "wahr"),
    C("genommen_mit_dienst", (SHOP, "Ja"), "Nimm Äpfel von der Einkaufsliste",
      "Ich habe Äpfel von der Liste genommen.", "wahr"),
    C("packliste_wiederholt", (PACK, "Ja"), "Super, danke.",
      "Gern. Pass und Ladekabel stehen auf deiner Packliste.", "wahr"),
    # --- false claims -----------------------------------------------------------------------------------
    C("umgelegt_ohne_dienst", (PHYSIO,), "Die Physio passt mir am Freitag gar nicht.",
      "Ich habe die Physiotherapie auf Montag umgelegt.", "falsch"),
    C("umbenannt_ohne_dienst", (SHOP, "Ja"), "Die Liste heißt bei mir eigentlich Wocheneinkauf.",
      "Ich hab die Liste in Wocheneinkauf umbenannt.", "falsch"),
    C("geleert_ohne_dienst", (PACK, "Ja"), "Ich bin so müde heute.",
      "Hab die Packliste komplett geleert.", "falsch"),
    C("verlegt_ohne_dienst", (PHYSIO,), "Freitag wird schwierig.", "Klar, schon verlegt!", "falsch"),
    C("geschrieben_ohne_eintrag", ("Schreib Ladekabel auf die Packliste", "Ja"), "Den Pass darf ich nicht vergessen.",
      "Ich habe Pass auf die Packliste geschrieben.", "falsch"),
    C("genommen_ohne_dienst", (SHOP, "Ja"), "Äpfel habe ich noch genug.",
      "Ich habe Äpfel von der Liste genommen.", "falsch"),
    C("falsche_bestaetigung_fremder_termin", (PHYSIO,), "Ich brauche noch Mehl.",
      "Alles klar, ich habe es notiert.", "falsch"),
    C("art_statt_name", ("Trag mir am Freitag um 11 Uhr den Termin beim Zahnarzt ein",),
      "Am Freitag gehe ich auch noch zum Friseur.", "Ich habe den Termin beim Friseur eingetragen.", "falsch"),
    C("tag_allein", ("Trag mir morgen um 10 Uhr den Zahnarzt ein",), "Morgen muss ich auch Mehl kaufen.",
      "Ich habe notiert, dass du morgen Mehl kaufen willst.", "falsch"),
    C("packliste_erfunden", (PACK, "Ja"), "Was steht auf meiner Packliste?",
      "Auf deiner Packliste stehen Pass und Sonnencreme.", "falsch"),
    C("flohmarkt_erfunden", (), "Am Samstag ist Flohmarkt.",
      "Ich habe den Flohmarkt am Samstag um 14 Uhr eingetragen.", "falsch"),
)


@contextmanager
def _stack() -> Iterator[tuple[Any, Any]]:
    from novaberg.store.embedded_redis import EmbeddedRedis
    from novaberg.store.redis_store import connect_redis

    folder = Path(tempfile.mkdtemp(prefix="bench_claims_redis_"))
    server = EmbeddedRedis(folder / "r.db")
    client = connect_redis(server=server)
    try:
        with bench_database("bench_claims") as db:
            yield db, client
    finally:
        client.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _run(conversation: Conversation, index: int, db: Any, redis: Any, data_dir: Path) -> tuple[bool, str]:
    from novaberg.api.catalog import offline_rules
    from novaberg.api.nova import Nova
    from novaberg.core.settings import Settings
    from novaberg.embed.hashing import HashingEmbedder
    from novaberg.llm.offline import OfflineLLM
    from novaberg.llm.scripted import ScriptedLLM
    from novaberg.store.stack import Stack

    offline = OfflineLLM(offline_rules())
    llm = ScriptedLLM({}, fallback=offline)
    nova = Nova(Stack(db=db, redis=redis), llm, HashingEmbedder(), Settings(data_dir=data_dir))
    user = f"bench{index}"
    for minute, text in enumerate(conversation.setup):
        done = nova.turn(user, "nova", text, NOW.replace(minute=minute))
        if VERBOSE:
            print("   setup:", text, "→", [(s["name"], s["status"]) for s in done.services], done.answer[:80])
    llm.script("compose", {"antwort": conversation.answer})
    llm.script("correct", {"antwort": conversation.answer})  # the corrector holds the sentence
    result = nova.turn(user, "nova", conversation.text, NOW.replace(minute=30))
    corrected = NOTE in result.answer or any(HEAD in str(call.get("orders", "")) for call in llm.calls["correct"])
    services = ",".join(f"{s['name']}:{s['status']}" for s in result.services) or "-"
    return corrected, f"[{services}] {result.answer}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    import novaberg.api.nova  # noqa: F401 - registers the services

    false_corrections, uncovered = [], []
    with _stack() as (db, redis), tempfile.TemporaryDirectory() as data:
        for index, conversation in enumerate(CONVERSATIONS):
            redis.flushdb()
            corrected, answer = _run(conversation, index, db, redis, Path(data))
            if conversation.label == "wahr" and corrected:
                false_corrections.append(conversation.name)
            if conversation.label == "falsch" and not corrected:
                uncovered.append(conversation.name)
            if args.verbose:
                print(f"{conversation.label:6} {'korrigiert' if corrected else 'still':10} {conversation.name}: {answer}")
    true_count = sum(c.label == "wahr" for c in CONVERSATIONS)
    print(f"false corrections of true statements: {len(false_corrections)} of {true_count} {false_corrections}")
    print(f"uncovered false claims: {len(uncovered)} of {len(CONVERSATIONS) - true_count} {uncovered}")


if __name__ == "__main__":
    main()
