"""Whole games on a real host process over real sockets on 127.0.0.1, with `join --auto` in other processes."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from amul_table.net.journal import journal_path, read_after
from amul_table.persistence.save_files import load_game
from amul_table.rules.engine import apply, legal_actions
from amul_table.rules.scoring import score_game
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action
from tests.net.conftest import joiner, new_table

pytestmark = pytest.mark.slow


def test_a_four_player_game_ends_with_the_same_totals_on_every_client(start_host, net_env, processes, tmp_path):
    host = start_host()
    table = new_table(net_env, host.url, 4, "easy", seed=41)
    assert len(table["code"]) == 6
    assert [s["state"] for s in table["seats"]] == ["open", "open", "open", "bot"]
    clients = [
        joiner(net_env, host.url, table["code"], name, "random", tmp_path / name) for name in ("Ann", "Bob", "Cy")
    ]
    processes.extend(clients)
    results = []
    for client in clients:
        code, out, err = client.finish()
        assert code == 0, err
        results.append(json.loads(out))
    assert sorted(r["seat"] for r in results) == [0, 1, 2]
    assert len({json.dumps([r["totals"], r["winners"]]) for r in results}) == 1
    assert "Traceback" not in host.stop()
    saved = load_game(host.data / "tables" / f"{table['code']}.yaml")
    assert saved.state.is_over and sorted(s.name for s in saved.setup.seats[:3]) == ["Ann", "Bob", "Cy"]


def test_an_eight_player_game_over_the_network(start_host, net_env, processes, tmp_path):
    host = start_host()
    table = new_table(net_env, host.url, 8, "random,random,easy,easy", seed=80)
    clients = [joiner(net_env, host.url, table["code"], f"P{i}", "random", tmp_path / f"p{i}") for i in range(4)]
    processes.extend(clients)
    outcomes = [client.finish() for client in clients]
    assert all(code == 0 for code, _, _ in outcomes), [err for _, _, err in outcomes]
    results = [json.loads(out) for _, out, _ in outcomes]
    assert sorted(r["seat"] for r in results) == [0, 1, 2, 3]
    assert len({json.dumps(r["totals"]) for r in results}) == 1 and len(results[0]["totals"]) == 8
    assert "Traceback" not in host.stop()


def test_a_host_killed_mid_game_resumes_its_table_and_the_client_reconnects(start_host, net_env, processes, tmp_path):
    """The host is killed (kill -9) while a game waits for its second person; restarted on the same data
    and port, it resumes the table; the first client reconnects by itself and both finish the game."""
    host = start_host()
    table = new_table(net_env, host.url, 3, "random", seed=7)
    ann = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
    processes.append(ann)
    saved = host.data / "tables" / f"{table['code']}.yaml"
    wait_for_decision(saved, 0, ann)  # the game then waits for seat 1
    before = kept_actions(saved)
    assert not load_game(saved).state.is_over
    host.process.signal(signal.SIGKILL)
    host.process.wait(timeout=30)
    again = host.restart()
    processes.append(again)
    bob = joiner(net_env, again.url, table["code"], "Bob", "random", tmp_path / "bob")
    processes.append(bob)
    (code_a, out_a, err_a), (code_b, out_b, err_b) = ann.finish(), bob.finish()
    assert code_a == 0 and code_b == 0, err_a + err_b
    a, b = json.loads(out_a), json.loads(out_b)
    assert (a["seat"], b["seat"]) == (0, 1)
    assert a["totals"] == b["totals"]
    assert "Traceback" not in again.stop()  # stopped, it has written the whole game (the clients may end first)
    after = load_game(saved)
    assert after.state.is_over and after.state.actions[: len(before)] == before


def kept_actions(saved: Path) -> list[Action]:
    """The decisions a host has on disk for a table: its save's, then its journal's."""
    done = load_game(saved).state.actions
    return done + read_after(journal_path(saved), len(done))


def wait_for_decision(saved: Path, seat: int, process) -> None:
    """Until `seat` has a decision on disk (the game then waits for a seat nobody holds yet)."""
    for _ in range(3000):  # a minute at most; reading the save takes under 1 ms
        if saved.exists() and any(a.seat == seat for a in kept_actions(saved)):
            return
        assert process.poll() is None, process.finish()
        time.sleep(0.02)
    raise AssertionError(f"seat {seat} never decided")


@pytest.mark.parametrize("cover_wait", ["60", "0.2"])
def test_a_killed_client_run_again_reclaims_its_seat(cover_wait, start_host, net_env, processes, tmp_path):
    """`join` killed (kill -9) mid-game and run again takes the same seat back. With a long wait the game
    waits for it; with a short one a bot covers the seat meanwhile and the game goes on without it."""
    host = start_host("--cover-wait", cover_wait, "--cover-tier", "random")
    table = new_table(net_env, host.url, 3, "", seed=9)
    saved = host.data / "tables" / f"{table['code']}.yaml"
    ann = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
    processes.append(ann)
    wait_for_decision(saved, 0, ann)
    ann.signal(signal.SIGKILL)
    assert ann.wait(timeout=30) == -signal.SIGKILL
    others = [joiner(net_env, host.url, table["code"], name, "random", tmp_path / name) for name in ("Bob", "Cy")]
    processes.extend(others)
    if cover_wait == "60":  # the game waits for Ann: she comes back
        again = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
        processes.append(again)
        finished = [again, *others]
    else:  # a bot plays Ann's seat to the end; she comes back to the finished game
        finished = others
    results = [json.loads(p.finish()[1]) for p in finished]
    if cover_wait != "60":
        again = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
        processes.append(again)
        results.append(json.loads(again.finish()[1]))
    assert sorted(r["seat"] for r in results) == [0, 1, 2]
    assert len({json.dumps(r["totals"]) for r in results}) == 1
    assert "Traceback" not in host.stop()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="makes its certificate with the openssl command")
def test_a_host_with_a_certificate_serves_wss(start_host, net_env, processes, tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    key_type = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]  # made in ms (RSA: a tenth of a second)
    request = ["req", "-x509", *key_type, "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1"]
    subprocess.run(
        ["openssl", *request, "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    host = start_host("--certfile", str(cert), "--keyfile", str(key))
    assert host.url.startswith("wss://")
    trusting = {**net_env, "SSL_CERT_FILE": str(cert)}  # the clients trust this certificate only
    table = new_table(trusting, host.url, 3, "random,random", seed=3)
    ann = joiner(trusting, host.url, table["code"], "Ann", "random", tmp_path / "ann")
    processes.append(ann)
    code, out, err = ann.finish()
    assert code == 0, err
    assert json.loads(out)["seat"] == 0
    assert "Traceback" not in host.stop()


def test_a_host_stopped_while_its_bots_think_saves_and_goes_on_after_a_restart(
    start_host, net_env, processes, tmp_path
):
    """SIGTERM while a server bot (in a worker process) is deciding: the host exits 0 with no traceback
    and the table whole on disk; started again, it resumes and the client finishes the game."""
    host = start_host("--workers", "1")
    table = new_table(net_env, host.url, 4, "hard,easy,easy", seed=31)
    saved = host.data / "tables" / f"{table['code']}.yaml"
    ann = joiner(net_env, host.url, table["code"], "Ann", "random", tmp_path / "ann")
    processes.append(ann)
    for _ in range(6000):  # until the game is well under way and the hard bot (seat 1) has its turn: it thinks
        if saved.exists() and len(actions := kept_actions(saved)) >= 20 and hard_bot_to_move(actions):
            break
        assert ann.poll() is None, ann.finish()
        time.sleep(0.01)
    err = host.stop()
    assert "Traceback" not in err and "Error" not in err, err
    before = kept_actions(saved)
    assert load_game(saved).state.actions == before  # the whole game is in the save itself
    again = host.restart()
    processes.append(again)
    code, out, err_a = ann.finish()
    assert code == 0, err_a
    assert "Traceback" not in again.stop()  # stopped, it has written the whole game (the client may end first)
    after = load_game(saved)
    assert after.state.is_over and after.state.actions[: len(before)] == before
    assert json.loads(out)["totals"] == [s.total for s in score_game(after.state.play_areas).seats]


def hard_bot_to_move(actions: list[Action]) -> bool:
    """Seat 1 (the hard bot of seed 31's table) may act after these decisions: its job is in the worker."""
    state = new_game(4, 31)
    for action in actions:
        apply(state, action)
    return bool(legal_actions(state, 1))
