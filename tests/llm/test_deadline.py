"""The model time-out is a total per call, and no message a person reads names the
model server's URL or its credentials."""

from __future__ import annotations

import logging
import socket
import time

import pytest

from novaberg.core.errors import ModelError, ModelUnreachableError
from novaberg.llm.base import Prompt
from novaberg.llm.http_connectors import OllamaLLM, OpenAICompatibleLLM
from tests.llm.fake_server import fake_server, free_port, raw_server

PROMPT = Prompt(system="System", user="Nutzer")
TIMEOUT = 1.0
BOUND = 1.5  # the time-out plus a small slack, never twice the time-out
_OK = b'{"message": {"content": "{}"}}'


def _hang(conn: socket.socket, _number: int) -> None:
    """Accept the request and never answer."""
    conn.recv(65536)
    time.sleep(5)


def _trickle_headers(conn: socket.socket, _number: int) -> None:
    """Answer one header byte every 0.2 s: each read succeeds, the answer never completes in time."""
    conn.recv(65536)
    for byte in b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: " + b"x" * 200:
        conn.sendall(bytes([byte]))
        time.sleep(0.2)


def _trickle_body(conn: socket.socket, _number: int) -> None:
    conn.recv(65536)
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n")
    for _ in range(10000):
        conn.sendall(b" ")
        time.sleep(0.2)


def _hang_up_then_hang(conn: socket.socket, number: int) -> None:
    """The first connection is closed after 0.6 s without an answer (hung up or reset: a retryable
    connection error); the retry then hangs: both together must still end by the one deadline."""
    conn.recv(65536)
    if number == 0:
        time.sleep(0.6)
        conn.close()
        return
    time.sleep(5)


@pytest.mark.parametrize("serve", [_hang, _trickle_headers, _trickle_body, _hang_up_then_hang])
@pytest.mark.parametrize("connector", [OllamaLLM, OpenAICompatibleLLM])
def test_a_hanging_model_costs_at_most_the_time_out(connector, serve):
    """The model time-out is a total per call — a server that accepts and never answers,
    trickles bytes, or hangs up and then hangs on the retry costs at most the time-out (1 s, +0.5 s slack)."""
    with raw_server(serve) as (url, _accepted):
        start = time.monotonic()
        with pytest.raises(ModelUnreachableError, match=r"did not answer within 1 s"):
            connector("m", url, timeout=TIMEOUT).complete("router", PROMPT, {})
        elapsed = time.monotonic() - start
    assert elapsed < BOUND, f"{serve.__name__} took {elapsed:.2f} s"


@pytest.mark.parametrize("repeat", range(5))
def test_the_retry_happens_within_the_same_deadline(repeat):
    """A connection hung up (or reset) without an answer is retried once — inside the same deadline."""
    def hang_up_then_answer(conn: socket.socket, number: int) -> None:
        conn.recv(65536)
        if number == 0:
            conn.close()
            return
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                     % (len(_OK), _OK))

    with raw_server(hang_up_then_answer) as (url, accepted):
        result = OllamaLLM("m", url, timeout=TIMEOUT).complete("router", PROMPT, {})
    assert result.text == "{}" and accepted == [0, 1]


def test_a_server_that_answers_in_time_is_not_cut():
    def slow_answer(conn: socket.socket, _number: int) -> None:
        conn.recv(65536)
        time.sleep(0.4)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                     % (len(_OK), _OK))

    with raw_server(slow_answer) as (url, _):
        assert OllamaLLM("m", url, timeout=TIMEOUT).complete("router", PROMPT, {}).text == "{}"


@pytest.mark.parametrize("connector", [OllamaLLM, OpenAICompatibleLLM])
def test_messages_name_no_url_and_no_credentials(connector, caplog):
    """An unreachable server with user:password in its URL — the message a person may read
    names neither the URL nor the password; the log has the host, the password redacted."""
    url = f"http://nova:geheim123@127.0.0.1:{free_port()}"
    caplog.set_level(logging.WARNING, logger="novaberg.llm")
    with pytest.raises(ModelUnreachableError) as err:
        connector("m", url, timeout=TIMEOUT).complete("router", PROMPT, {})
    message = str(err.value)
    assert "geheim123" not in message and "127.0.0.1" not in message and "://" not in message
    assert "geheim123" not in caplog.text and "***@127.0.0.1" in caplog.text
    info = connector("m", url).describe()
    assert "geheim123" not in str(info)


def test_an_http_error_names_no_url():
    with fake_server({"/api/chat": (500, {"error": "boom at http://user:pw@internal:1/x"})}) as (url, _):
        with pytest.raises(ModelError, match="HTTP 500") as err:
            OllamaLLM("m", url).complete("router", PROMPT, {})
    assert "://" not in str(err.value) and "pw@" not in str(err.value)


@pytest.mark.parametrize("connector", [OllamaLLM, OpenAICompatibleLLM])
def test_a_connect_that_times_out_is_not_tried_twice(connector):
    """A host that takes no connection (full backlog: the SYN is dropped) cost 2× the time-out
    before (a connect time-out was retried, 2.2 s at 1 s); now the one deadline ends the call."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    try:
        for _ in range(4):
            filler = socket.socket()
            filler.setblocking(False)
            try:
                filler.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            fillers.append(filler)
        start = time.monotonic()
        with pytest.raises(ModelUnreachableError, match=r"did not answer within 1 s"):
            connector("m", f"http://127.0.0.1:{port}", timeout=TIMEOUT).complete("router", PROMPT, {})
        assert time.monotonic() - start < BOUND
    finally:
        for filler in fillers:
            filler.close()
        listener.close()
