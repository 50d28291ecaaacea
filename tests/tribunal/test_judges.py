"""The judges' arithmetic and reading (tribunal.md §3–§5, §8; issue 12)."""

from __future__ import annotations

import math
import threading
import time

import pytest

from novaberg.llm.ask import Asker
from novaberg.llm.prompts import PromptLoader
from novaberg.llm.scripted import ScriptedLLM
from novaberg.tribunal import judges
from novaberg.tribunal.judge_runs import judge_prompt, run_judges
from novaberg.tribunal.judges import AGENTS, Judge, judge_input, majority, read_vote, vote
from tests.support import make_offline_llm

JURIST, PSYCHOLOGE, ETHIK = AGENTS


@pytest.mark.parametrize(("score", "expected"), [(0.0, "ok"), (0.69, "ok"), (0.7, "warnung"), (0.89, "warnung"),
                                                 (0.9, "ablehnen"), (1.0, "ablehnen")])
def test_vote_from_score(score, expected):
    """tribunal.md §5.1: below warn ok, below reject warnung, else ablehnen (0.7/0.9)."""
    assert vote(score, 0.7, 0.9) == expected


@pytest.mark.parametrize(("score", "expected"), [(0.49, "ok"), (0.5, "warnung"), (0.69, "warnung"), (0.7, "ablehnen")])
def test_directive_thresholds_are_stricter(score, expected):
    """tribunal.md §5.2: directives 0.5/0.7."""
    assert vote(score, 0.5, 0.7) == expected


@pytest.mark.parametrize("bad", [math.nan, -0.1, 1.01, math.inf])
def test_vote_refuses_broken_scores_loudly(bad):
    """tribunal.md §8 / issue 12 "Bad input": NaN or out of range is never silently a vote."""
    with pytest.raises(ValueError):
        vote(bad, 0.7, 0.9)


def test_vote_refuses_non_numbers_and_swapped_thresholds():
    with pytest.raises(TypeError):
        vote("0.5", 0.7, 0.9)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        vote(True, 0.7, 0.9)
    with pytest.raises(ValueError):
        vote(0.5, 0.9, 0.7)


@pytest.mark.parametrize(("votes", "expected"), [
    (["ablehnen", "ablehnen", "ok"], "ablehnen"),
    (["ablehnen", "ablehnen", "ablehnen"], "ablehnen"),
    (["warnung", "warnung", "ok"], "warnung"),
    (["warnung", "ablehnen", "ok"], "warnung"),
    (["ablehnen", "ok", "ok"], "ok"),
    (["warnung", "ok", "ok"], "ok"),
    (["ok", "ok", "ok"], "ok"),
    (["fehler", "ablehnen", "ok"], "ok"),
    ([], "ok"),
])
def test_majority(votes, expected):
    """tribunal.md §5.4: 2× ablehnen → ablehnen; 2× non-ok (or 1+1) → warnung; else ok; fehler counts as ok."""
    assert majority(votes) == expected


def test_majority_refuses_unknown_words_and_a_bare_string():
    with pytest.raises(ValueError):
        majority(["ok", "vielleicht"])
    with pytest.raises(TypeError):
        majority("ok")  # type: ignore[arg-type]


def test_jurist_takes_the_worse_of_its_two_votes():
    """tribunal.md §5.3: the jurist takes the worse of its two votes (score 0.3 ok, direktiven 0.8 ablehnen)."""
    read = read_vote(JURIST, {"score": 0.3, "direktiven_score": 0.8, "reasoning": "„Schätzchen“ nah an „Schatz“"}, True)
    assert read.vote == "ablehnen" and read.score == 0.3 and read.directive_score == 0.8
    read = read_vote(JURIST, {"score": 0.95, "direktiven_score": 0.0, "reasoning": "rechtlich heikel"}, True)
    assert read.vote == "ablehnen"
    read = read_vote(JURIST, {"score": 0.1, "direktiven_score": 0.55, "reasoning": "grenzwertig"}, True)
    assert read.vote == "warnung"


def test_directive_score_is_not_read_when_not_asked():
    """tribunal.md §4.2: with no directives the directives score is not asked — and not read."""
    read = read_vote(JURIST, {"score": 0.1, "direktiven_score": 1.0, "reasoning": "x"}, False)
    assert read.vote == "ok" and read.directive_score is None


@pytest.mark.parametrize("fields", [
    {"score": None, "reasoning": "x"}, {"reasoning": "x"}, {"score": "hoch", "reasoning": "x"},
    {"score": 1.5, "reasoning": "x"}, {"score": -0.2, "reasoning": "x"}, {"score": True, "reasoning": "x"},
])
def test_unreadable_score_is_0_and_fehler_loud(fields):
    """tribunal.md §5.4 fallback / §8: an unreadable score is 0.0, status fehler, with the problem named."""
    read = read_vote(PSYCHOLOGE, fields, False)
    assert read.score == 0.0 and read.vote == "fehler" and read.status == "fehler" and read.problems


@pytest.mark.parametrize("reasoning", [None, 17, ["a"]])
def test_null_or_wrong_reasoning_does_not_crash(reasoning):
    """tribunal.md §8 MODELLFELD-UNGEPRUEFT-GELESEN: `reasoning: null` must not crash evaluate."""
    read = read_vote(ETHIK, {"score": 0.8, "reasoning": reasoning}, False)
    assert read.vote == "warnung" and read.reasoning and read.problems
    assert "keine lesbare Begründung" in read.reasoning


def test_prompt_blocks_and_directives_only_for_the_jurist():
    """tribunal.md §4.1/§4.2: shared blocks for all; [DIREKTIVEN] and direktiven_score only for the jurist, only
    with directives."""
    loader = PromptLoader()
    data = judge_input("Wie heißt du?", "Ich bin Nova.", memory_context="[ERINNERUNGEN]\n- mag Tee",
                       annotations="Termin geprüft", directives=["Sprich mich mit Sie an"])
    for judge in AGENTS:
        prompt = judge_prompt(loader, judge, data)
        for block in ("[IDENTITAET]", "[LAGEBILD]", "[INTERNE_ANMERKUNGEN]", "[BEWERTUNGSOBJEKT]", "[AUSGABEFORMAT]"):
            assert block in prompt.system + prompt.user
        assert "Ich bin Nova." in prompt.user and "$" not in prompt.user + prompt.system
        assert ("[DIREKTIVEN]" in prompt.user) is judge.sees_directives
        assert ("direktiven_score" in prompt.user) is judge.sees_directives
        assert ("Sprich mich mit Sie an" in prompt.user) is judge.sees_directives
    bare = judge_prompt(loader, JURIST, judge_input("a", "b"))
    assert "[DIREKTIVEN]" not in bare.user and "direktiven_score" not in bare.user


def test_prompt_override_order_default_model_connector(tmp_path):
    """tribunal.md §4: default → model → connector; a later level wins, for the shared blocks too."""
    (tmp_path / "gemma").mkdir()
    (tmp_path / "ollama").mkdir()
    (tmp_path / "gemma" / "tribunal_ethik.system.txt").write_text("MODELL-ETHIK", encoding="utf-8")
    (tmp_path / "gemma" / "tribunal.ausgabe.txt").write_text("MODELL-FORMAT", encoding="utf-8")
    (tmp_path / "ollama" / "tribunal.ausgabe.txt").write_text("CONNECTOR-FORMAT", encoding="utf-8")
    prompt = judge_prompt(PromptLoader(tmp_path, "gemma", "ollama"), ETHIK, judge_input("a", "b"))
    assert "MODELL-ETHIK" in prompt.user and "CONNECTOR-FORMAT" in prompt.user and "MODELL-FORMAT" not in prompt.user


def test_a_new_perspective_is_one_entry(monkeypatch, tmp_path):
    """tribunal.md §8: a new perspective is one entry in AGENTS (plus its prompt file); nothing else changes."""
    (tmp_path / "scripted").mkdir()
    (tmp_path / "scripted" / "tribunal_datenschutz.system.txt").write_text("Datenschutz.", encoding="utf-8")
    extra = Judge("datenschutz", "die Datenschützerin")
    monkeypatch.setattr(judges, "AGENTS", [*AGENTS, extra])
    llm = ScriptedLLM({"tribunal_datenschutz": {"score": 0.75, "reasoning": "Adresse genannt."}}, fallback=make_offline_llm())
    votes = run_judges(Asker(llm, PromptLoader(tmp_path, None, "scripted")), judge_input("a", "b"))
    assert [v.agent for v in votes] == ["jurist", "psychologe", "ethik", "datenschutz"]
    assert votes[-1].vote == "warnung"


def test_judges_run_concurrently():
    """issue 12 §3: three judges that each take 0.3 s finish in about one call, not three."""
    active, peak = [0], [0]
    lock = threading.Lock()

    def slow(data):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.3)
        with lock:
            active[0] -= 1
        return {"score": 0.1, "reasoning": "ok"}

    llm = ScriptedLLM({f"tribunal_{j.name}": slow for j in AGENTS})
    started = time.perf_counter()
    votes = run_judges(Asker(llm), judge_input("a", "b"))
    assert time.perf_counter() - started < 0.3 * 1.8
    assert peak[0] == 3 and [v.vote for v in votes] == ["ok", "ok", "ok"]


def test_a_raising_connector_is_the_judges_own_fehler_vote():
    """issue 12 §3: one judge's error is its own 0.0/fehler vote, never the tribunal's crash."""
    def boom(data):
        raise RuntimeError("connector bug")

    llm = ScriptedLLM({"tribunal_jurist": boom, "tribunal_psychologe": {"score": 0.9, "reasoning": "hart"},
                       "tribunal_ethik": {"score": 0.9, "reasoning": "hart"}})
    votes = run_judges(Asker(llm), judge_input("a", "b"))
    assert [(v.vote, v.score) for v in votes] == [("fehler", 0.0), ("ablehnen", 0.9), ("ablehnen", 0.9)]
    assert majority([v.vote for v in votes]) == "ablehnen"


def test_offline_jurist_checks_checkable_directives_and_scores_nothing_else():
    """issue 12 §6: offline, a checkable directive is checked by rule; nothing else gets a score."""
    asker = Asker(make_offline_llm())
    votes = run_judges(asker, judge_input("a", "Hallo du!", directives=["Sprich mich mit Sie an"]))
    jurist = votes[0]
    assert jurist.vote == "ablehnen" and jurist.directive_score == 1.0 and jurist.score is None
    assert "duzt" in jurist.reasoning
    assert all(v.vote == "ok" and v.score is None for v in votes[1:])
    clean = run_judges(asker, judge_input("a", "Guten Tag, wie geht es Ihnen?", directives=["Sprich mich mit Sie an"]))
    assert clean[0].vote == "ok" and clean[0].score is None and clean[0].directive_score is None


def test_a_model_cannot_claim_not_judged():
    """issue 12 §6 "No fake scores" both ways: only the offline rule may say it did not judge; a model's
    `beurteilt: false` without a score is a missing score, loud."""
    read = read_vote(PSYCHOLOGE, {"beurteilt": False, "reasoning": "keine Lust"}, False)
    assert read.status == "fehler" and read.problems
    offline = read_vote(PSYCHOLOGE, {"beurteilt": False, "reasoning": "x"}, False, offline=True)
    assert offline.status == "nicht_beurteilt" and offline.score is None and offline.vote == "ok"


def test_doctor_line_names_the_judges_and_their_connector():
    """issue 12 §7: `novaberg doctor` shows which judges run and their connector."""
    from novaberg.llm.http_connectors import OllamaLLM
    from novaberg.tribunal.judge_runs import describe

    assert describe(OllamaLLM("gemma3")) == ("jurist, psychologe, ethik on ollama:gemma3, one at a time (the server's "
                                             "slots), temperature 0.2")
    assert "3 at a time" in describe(OllamaLLM("gemma3", slots=3))
    assert "not judged without a model" in describe(make_offline_llm())


def test_issue30_offline_judges_run_inline_and_vote_as_on_threads(monkeypatch):
    """Issue 30: the offline rules answer in this process, so the judges run one after another without a
    thread (a thread start and two wake-ups per judge cost more than the rule); the votes are the ones the
    threaded round gives, in `AGENTS` order. A connector that sends requests keeps its threads and deadlines."""
    llm = make_offline_llm()
    assert llm.in_process is True and getattr(ScriptedLLM({}), "in_process", False) is False
    data = judge_input("Was steht diese Woche an?", "Hallo du! Montag 10:00 Zahnarzt.",
                       directives=["Sprich mich mit Sie an"])
    started: list[str] = []
    original = threading.Thread.start

    def spy(self):
        started.append(self.name)
        return original(self)

    monkeypatch.setattr(threading.Thread, "start", spy)
    inline = run_judges(Asker(llm), data)
    assert not [name for name in started if name.startswith("judge-")]
    monkeypatch.setattr(type(llm), "in_process", False)
    threaded = run_judges(Asker(llm), data)
    assert [name for name in started if name.startswith("judge-")] == [f"judge-{j.name}" for j in AGENTS]
    strip = [(v.agent, v.vote, v.score, v.reasoning, v.status, v.directive_score, v.problems) for v in inline]
    assert strip == [(v.agent, v.vote, v.score, v.reasoning, v.status, v.directive_score, v.problems) for v in threaded]
    assert [v.agent for v in inline] == [j.name for j in AGENTS] and inline[0].vote == "ablehnen"
