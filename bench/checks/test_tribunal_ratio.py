"""The tribunal's wall time over one model call, measured by `bench.tribunal.run`: three judges that
each wait on a sleeping model cost at most 1.3 times one call, when the model has the slots to take them at once."""

from __future__ import annotations


def test_bench_ratio_of_tribunal_to_one_call():
    """With a connector that sleeps per call, the tribunal's wall time over one call is ≤ 1.3."""
    from bench.tribunal.run import measure

    figure = measure(0.2, 3)
    assert figure["ratio"] <= 1.3, figure


def test_bench_ratio_over_http():
    """Over the real Ollama connector against a loopback server sleeping per request: ≤ 1.3 — for a
    server with three slots (a one-slot server gets the judges one after another)."""
    from bench.tribunal.run import measure, sleeping_server
    from novaberg.llm.http_connectors import OllamaLLM

    with sleeping_server(0.2) as url:
        figure = measure(0.2, 3, OllamaLLM("bench", url, timeout=5, slots=3))
    assert figure["ratio"] <= 1.3, figure
