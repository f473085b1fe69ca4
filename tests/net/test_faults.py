"""Faults at random moments: clients and the host killed (kill -9) mid-game, restarted, and every game ends
the same on every client, with a save that replays."""

from __future__ import annotations

import json
import random
import signal
import time

import pytest

from amul_table.persistence.save_files import load_game
from tests.net.conftest import joiner, new_table

pytestmark = pytest.mark.slow

GAMES = 2
CLIENT_KILLS = 6  # a game
PLAYERS = 4


def test_games_survive_clients_and_the_host_killed_at_random_moments(start_host, net_env, processes, tmp_path):
    rng = random.Random(25)
    host = start_host()
    kills = 0
    for game in range(GAMES):
        table = new_table(net_env, host.url, PLAYERS, "", seed=60 + game)
        homes = [tmp_path / f"g{game}-p{i}" for i in range(PLAYERS)]
        clients = [joiner(net_env, host.url, table["code"], f"P{i}", "random", homes[i]) for i in range(PLAYERS)]
        processes.extend(clients)
        host_killed_at = rng.randrange(CLIENT_KILLS)
        for n in range(CLIENT_KILLS):
            time.sleep(rng.uniform(0.0, 0.4))
            i = rng.randrange(PLAYERS)
            if clients[i].proc.poll() is None:
                clients[i].signal(signal.SIGKILL)
                clients[i].proc.wait(timeout=30)
                kills += 1
                clients[i] = joiner(net_env, host.url, table["code"], f"P{i}", "random", homes[i])
                processes.append(clients[i])
            if n == host_killed_at:
                host.process.signal(signal.SIGKILL)
                host.process.proc.wait(timeout=30)
                host = host.restart()
                processes.append(host)
        results = []
        for client in clients:
            code, out, err = client.finish()
            assert code == 0, err
            results.append(json.loads(out))
        assert sorted(r["seat"] for r in results) == list(range(PLAYERS))  # each reclaimed its own seat
        assert len({json.dumps(r["totals"]) for r in results}) == 1
        assert load_game(host.data / "tables" / f"{table['code']}.yaml").state.is_over  # and it replays
    assert kills >= GAMES * CLIENT_KILLS // 2
    assert "Traceback" not in host.stop()
