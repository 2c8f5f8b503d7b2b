"""The tournament tool: duplicate format, labels by level, JSON last line."""
import json

from tools import tournament as T


def test_json_last_line_and_duplicate_counts(capsys):
    T.main(["--preset", "fan_tan", "--seats", "medium,easy", "--players", "3", "--deals", "6",
            "--seed", "2", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert res["preset"] == "fan_tan" and res["deals"] == 6 and res["games"] == 18
    assert set(res["results"]) == {"medium", "easy"}
    # every deal is played once per seat: one medium and two easy appearances per game
    assert res["results"]["medium"]["games"] == 18
    assert res["results"]["easy"]["games"] == 36
    for r in res["results"].values():
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
        assert r["avg_penalty"] >= 0
    assert "win rate" in "\n".join(out[:-1])


def test_workers_give_the_same_result():
    a = T.tournament("sevens", ["hard", "easy"], 4, seed=3, workers=1, budget=100)
    b = T.tournament("sevens", ["hard", "easy"], 4, seed=3, workers=2, budget=100)
    assert a == b


def test_same_level_everywhere_is_the_fair_share():
    res = T.tournament("parliament", ["easy"], 10, seed=1, players=5)
    assert res["results"]["easy"]["win_rate"] == 0.2
