"""The reading service `dateien` (dateien.md §3.1, §6.4, §8.1, §8.1b, §8.2): answer a question from the
shared files — find, read, give locations. It writes nothing, in no zone.

The order is the zoom: narrow first (the hybrid search over the index), then the content (§8.1 "sucht
nicht im Inhalt ohne vorherige Einschränkung"). The needle tries the classified terms one after another
(German compounds, §8.1b); each opened file is read once, and a file is opened only for a term not yet
tried, so there is at most one file access per term and the number of terms is capped. Every path goes
through `zoom.open_indexed` — the watcher's boundary and root check (§7 rule 1).

The fourth exit (§8.2) is an answer, not a dead end: no passage → the nearest finding with its location
and a proposal; nothing at all → how many files were searched and what to try instead.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.blocks import location, shown_path
from novaberg.files.knowledge.gate import early_gate, topic_text
from novaberg.files.knowledge.service import pair_root
from novaberg.files.knowledge.zone import KnowledgeZone
from novaberg.files.labels import current_first, is_archived, label
from novaberg.files.reading import texts
from novaberg.files.reading.classify import TASK, read_classification
from novaberg.files.reading.overview import other_stores
from novaberg.files.reading.repository import ReadingRepository
from novaberg.files.reading.zoom import (
    MAX_TERMS,
    GrepHit,
    datei_grep,
    file_map,
    open_said,
)
from novaberg.files.repository import RootsRepository
from novaberg.files.retrieval import Hit, Retriever
from novaberg.text.file_requests import about_directories_or_storing, asks_what_she_knows, names_records

__all__ = ["ReadingService", "SERVICE_NAME", "route_hint", "HINT_RECORDS", "HINT_KNOW"]

logger = logging.getLogger(__name__)

SERVICE_NAME = "dateien"
SERVICE_DESCRIPTION = ("Sucht in den freigegebenen Unterlagen der Person nach einem Thema, einer Datei oder einer "
                       "Textstelle und nennt die Fundstelle; legt nichts ab und ändert nichts.")
CANDIDATES = 3
SHOWN_TERM_CHARS = 40
HINT_RECORDS = 0.9  # a question about stored text (§8.1 Aushang)
HINT_KNOW = 0.55  # „Weißt du was über X" (§3.0c): the files are one of the stores asked
def route_hint(text: str) -> float:
    if about_directories_or_storing(text):
        return 0.0
    if names_records(text):
        return HINT_RECORDS
    if asks_what_she_knows(text):
        return HINT_KNOW
    return 0.0


def _needle_lines(found: list[GrepHit]) -> list[str]:
    return [f"  · {texts.LINE.format(zeile=hit.line)}: {hit.text}" for hit in found]


class ReadingService:
    name = SERVICE_NAME
    description = SERVICE_DESCRIPTION

    @staticmethod
    def _bounds(request: AgentRequest, deps: Any) -> tuple[Path, ...]:
        """The asking person's allow-list, read in this turn from the database (issue 24)."""
        return AllowListRepository(deps.db).of(request.user_id)

    def run(self, request: AgentRequest, deps: Any) -> ServiceResult:
        steps: list[dict[str, Any]] = []
        knows = asks_what_she_knows(request.text)
        has_roots = bool(RootsRepository(deps.db).active(request.user_id, request.character_id))
        if not has_roots and not knows:  # §3.0c: „Weißt du was über X" asks the other stores without roots too
            return ServiceResult(self.name, "rejected", texts.NO_ROOTS, [{"schritt": "wurzeln", "anzahl": 0}])
        reading = read_classification(deps.asker.ask(TASK, {"text": request.text}).fields)
        terms = reading["begriffe"][:MAX_TERMS]
        steps.append({"schritt": "klassifizieren", **reading, "versucht": terms})
        repo = ReadingRepository(deps.db)
        if knows and terms:
            return self._overview(request, deps, repo, terms, steps, has_roots)
        if not has_roots:
            return ServiceResult(self.name, "rejected", texts.NO_ROOTS, steps)
        if reading["datei"] and (reading["art"] == "karte" or not terms):
            return self._map(request, repo, reading["datei"], steps)
        if not terms and not reading["datei"]:
            return ServiceResult(self.name, "rejected", texts.NOTHING_ASKED, steps)
        hits = self._narrow(request, deps, repo, terms, reading["datei"])
        steps.append({"schritt": "eingrenzen", "kandidaten": [shown_path(hit) for hit in hits]})
        if not hits:
            return self._nothing_found(request, repo, terms or [reading["datei"] or ""], steps)
        return self._needle(hits, terms, steps, self._bounds(request, deps))

    def _nothing_found(self, request: AgentRequest, repo: ReadingRepository, terms: list[str],
                       steps: list[dict[str, Any]]) -> ServiceResult:
        total = repo.count(request.user_id, request.character_id)
        answer = texts.NOTHING_FOUND.format(begriffe=_shown(terms), dateien=total)
        return ServiceResult(self.name, "rejected", answer, steps, data={"dateien": total})

    def _overview(self, request: AgentRequest, deps: Any, repo: ReadingRepository, terms: list[str],
                  steps: list[dict[str, Any]], has_roots: bool) -> ServiceResult:
        """§3.0c: „Weißt du was über X" asks every store, each part labelled with where it comes from.
        §3.0d: before a shared file is opened, the early gate compares her own knowledge text on the topic
        with what the index says about the file; only a gap (absence, thinness, contradiction) opens it."""
        zone = KnowledgeZone(pair_root(deps, request.user_id, request.character_id))  # the pair's own (issue 24)
        knowledge = topic_text(zone, terms)
        others = other_stores(deps, request.user_id, request.character_id, terms, request.now, knowledge)
        steps.append({"schritt": "bestaende", "gefunden": len(others)})
        files: ServiceResult | None = None
        if has_roots:
            hits = self._narrow(request, deps, repo, terms, None)
            steps.append({"schritt": "eingrenzen", "kandidaten": [shown_path(hit) for hit in hits]})
            files = self._gated(hits, terms, steps, zone, knowledge, deps, self._bounds(request, deps)) if hits else \
                self._nothing_found(request, repo, terms, steps)
        found_in_files = files is not None and files.status == "abgeschlossen"
        if not others and files is None:
            nothing = texts.OVERVIEW_NOTHING.format(begriffe=_shown(terms))
            return ServiceResult(self.name, "rejected", nothing, steps)
        if files is not None and (found_in_files or not others):
            parts, data = [*others, files.answer], files.data
        else:
            parts, data = [*others, texts.OVERVIEW_FILES_NONE] if has_roots else others, {}
        status = "abgeschlossen" if others or found_in_files else "rejected"
        return ServiceResult(self.name, status, "\n\n".join(parts), steps, data=data)

    def _gated(self, hits: list[Hit], terms: list[str], steps: list[dict[str, Any]], zone: KnowledgeZone,
               knowledge: tuple[str, str] | None, deps: Any, boundary: tuple[Path, ...]) -> ServiceResult:
        """The early gate on the best candidate (§3.0d): covered → the index's word without a file access."""
        best = hits[0]
        decision = early_gate(zone, terms, best.zusammenfassung or best.thema, deps.asker, found=knowledge)
        steps.append({"schritt": "fruehes_tor", "luecke": decision.gap, "geoeffnet": decision.open,
                      "wissen": decision.source, "datei": shown_path(best)})
        if decision.open:
            return self._needle(hits, terms, steps, boundary)
        steps.append({"schritt": "zugriffe", "anzahl": 0})
        head = texts.ANSWER_OWN_HEAD if best.eigentum == "figur" else texts.ANSWER_HEAD
        line = texts.GATE_COVERED.format(fundstelle=location(best), thema=best.thema, wissen=label(decision.source),
                                         auszug=" ".join((best.zusammenfassung or "").split())[:200])
        return ServiceResult(self.name, "abgeschlossen", "\n".join([head, line]), steps,
                             data={"fundstellen": [shown_path(best)], "nicht_geoeffnet": True})

    def _narrow(self, request: AgentRequest, deps: Any, repo: ReadingRepository, terms: list[str],
                name: str | None) -> list[Hit]:
        """Stage 0: the candidates — a named file first, else the hybrid search over the index."""
        if name:
            rows = repo.named(request.user_id, request.character_id, name)
            if rows:
                return [Hit(path=str(Path(row["wurzel_pfad"]) / row["pfad"]), root_id=row["root_id"],
                            thema=row["thema"] or row["name"], score=1.0, channels=("scharf",),
                            relative=row["pfad"], eigentum=row["eigentum"],
                            zusammenfassung=row["zusammenfassung"] or "", zeilen=row["zeilen"],
                            groesse=row["groesse"], index_id=row["id"]) for row in rows]
        query = " ".join(terms) if terms else (name or request.text)
        result = Retriever(deps.db, deps.embedder).run(request.user_id, request.character_id, query, request.now,
                                                       k=CANDIDATES, track=False)
        return current_first(result.hits)  # §5.6: an archived file ranks below a current one

    def _map(self, request: AgentRequest, repo: ReadingRepository, name: str,
             steps: list[dict[str, Any]]) -> ServiceResult:
        """Stage 1 from the index alone (no file access)."""
        rows = repo.named(request.user_id, request.character_id, name)
        if not rows:
            total = repo.count(request.user_id, request.character_id)
            return ServiceResult(self.name, "rejected", texts.NOTHING_FOUND.format(begriffe=name, dateien=total), steps)
        row = rows[0]
        place = f"{Path(row['wurzel_pfad']).name}/{row['pfad']}" + (" " + texts.ARCHIVED if is_archived(row["pfad"]) else "")
        sections = file_map(row)
        if sections is None:
            answer = texts.MAP_UNKNOWN.format(fundstelle=place)
        elif not sections:
            answer = texts.MAP_NONE.format(fundstelle=place, zeilen=row["zeilen"])
        else:
            lines = [texts.MAP_LINE.format(titel=s["titel"], zeilen=texts.LINES.format(von=s["von"], bis=s["bis"])
                                           if s["von"] else "?") for s in sections]
            answer = "\n".join([texts.MAP_HEAD.format(fundstelle=place), *lines])
        steps.append({"schritt": "karte", "datei": place})
        return ServiceResult(self.name, "abgeschlossen", answer, steps, data={"fundstellen": [place]})

    def _needle(self, hits: list[Hit], terms: list[str], steps: list[dict[str, Any]],
                boundary: tuple[Path, ...]) -> ServiceResult:
        """Stage 3 with the compound rule: terms in turn, each opened file read once, ≤ one access per term."""
        problems: list[str] = []
        budget = max(1, len(terms))  # §8.1b: at most one file access per term, the terms capped
        accesses = 0
        found: list[tuple[Hit, list[GrepHit]]] = []
        for hit in hits[:budget]:
            accesses += 1
            opened = open_said(hit, boundary, problems)
            if opened is None:
                continue
            for term in terms:  # one after another until one hits (German compounds)
                lines = datei_grep(opened, term)
                steps.append({"schritt": "nadel", "begriff": term, "datei": shown_path(hit), "treffer": len(lines)})
                if lines:
                    found.append((hit, lines))
                    break
            if found:
                break
        steps.append({"schritt": "zugriffe", "anzahl": accesses})
        if found:
            hit, lines = found[0]
            head = texts.ANSWER_OWN_HEAD if hit.eigentum == "figur" else texts.ANSWER_HEAD
            body = [head, f"- {location(_at(hit, lines))}: {hit.thema}", *_needle_lines(lines), *problems]
            return ServiceResult(self.name, "abgeschlossen", "\n".join(body), steps,
                                 data={"fundstellen": [shown_path(hit)], "zeilen": [line.line for line in lines]})
        if problems and not any(step.get("schritt") == "nadel" for step in steps):
            return ServiceResult(self.name, "rejected", "\n".join(problems), steps, data={"fehlend": problems})
        nearest = hits[0]
        answer = texts.NEEDLE_MISSED.format(begriffe=_shown(terms), kandidaten=len(hits), versucht=len(terms),
                                            fundstelle=location(nearest), thema=nearest.thema)
        return ServiceResult(self.name, "rejected", "\n".join([answer, *problems]), steps,
                             data={"naechster_fund": shown_path(nearest), "vorschlag": "vorlesen",
                                   "index_id": nearest.index_id,
                                   "zeilenbereich": list(nearest.lines) if nearest.lines else None})


def _shown(terms: list[str]) -> str:
    """The searched terms as said back: each cut to a readable length (a 10,000-character question is
    answered with what was searched, not with the question again)."""
    return ", ".join(term if len(term) <= SHOWN_TERM_CHARS else term[:SHOWN_TERM_CHARS].rstrip() + "…"
                     for term in terms)


def _at(hit: Hit, lines: list[GrepHit]) -> Hit:
    """The hit with the needle's line range as its location."""
    from dataclasses import replace as with_fields

    return with_fields(hit, lines=(lines[0].line, lines[-1].line))
