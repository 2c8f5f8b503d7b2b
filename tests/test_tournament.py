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


def test_the_interval_is_the_normal_one_over_deals_with_the_sample_variance():
    """1.96 standard errors, the variance over n - 1 (two deals, one won and one lost: the
    half-width is 1.96 * sqrt(0.5 / 2), not the 0.69 of the population variance)."""
    mean, half = T.interval([0.0, 1.0])
    assert mean == 0.5 and abs(half - 1.96 * (0.5 / 2) ** 0.5) < 1e-12
    mean, half = T.interval([0.25, 0.25, 0.25])
    assert mean == 0.25 and half == 0


def test_an_interval_near_certainty_is_kept_within_0_and_1():
    """summarize: a level that won two of three deals outright has an interval wider than what
    is left to 100%; it stops at 1 (and one that never won stops at 0)."""
    # per deal and level index: [seat-games, wins, penalty, score]
    records = [[[1, 1, 0, 3], [3, 0, 9, -1], [0, 0, 0, 0]],
               [[1, 1, 0, 3], [3, 0, 6, -1], [0, 0, 0, 0]],
               [[1, 0, 4, -3], [3, 1, 3, 1], [0, 0, 0, 0]]]
    res = T.summarize(records, ("easy", "medium", "hard"))
    assert set(res) == {"easy", "medium"}
    assert res["easy"]["win_rate"] == round(2 / 3, 4) and res["easy"]["ci95"][1] == 1.0
    assert res["medium"]["win_rate"] == round(1 / 9, 4) and res["medium"]["ci95"][0] == 0.0
    # averages are per seat-game: 4 penalty points over 3 of easy's, 18 over medium's 9
    assert res["easy"]["avg_penalty"] == round(4 / 3, 3) and res["medium"]["avg_penalty"] == 2.0
    assert res["easy"]["avg_score"] == 1.0 and res["medium"]["avg_score"] == round(-1 / 9, 3)


def test_one_deal_gives_no_interval_but_the_whole_range(capsys):
    """With one deal there is no spread to measure: every level's interval is [0, 1]."""
    T.main(["--preset", "fan_tan", "--seats", "easy,medium,medium", "--deals", "1", "--json"])
    res = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [r["ci95"] for r in res["results"].values()] == [[0.0, 1.0]] * 2


def test_average_penalty_is_per_seat_game_as_the_deals_were_played():
    """avg_penalty is the penalty of every seat a level held in every game over its seat-games,
    checked by replaying the same deals, rotation by rotation, through play_deal."""
    from engine import bots
    from engine.rules import preset
    rules = preset("fan_tan")
    res = T.tournament("fan_tan", ["medium", "easy"], 3, seed=5, players=3, budget=50)
    cache = [[bots.Bot(lv, 50) for lv in range(3)] for _ in range(3)]
    levels = [bots.MEDIUM, bots.EASY, bots.EASY]
    pen = {bots.MEDIUM: 0, bots.EASY: 0}
    for i in range(3):
        for k in range(3):
            lineup = [levels[(p - k) % 3] for p in range(3)]
            penalties = T.play_deal(rules, 3, T.deal_number(5, i), lineup, cache)[1]
            for p in range(3):
                pen[lineup[p]] += penalties[p]
    assert res["results"]["medium"]["avg_penalty"] == round(pen[bots.MEDIUM] / 9, 3)
    assert res["results"]["easy"]["avg_penalty"] == round(pen[bots.EASY] / 18, 3)
    assert pen[bots.MEDIUM] + pen[bots.EASY] > 0


def test_a_deal_count_the_chunks_do_not_divide_plays_each_deal_once():
    """11 deals on one worker are cut in chunks of 2: the last chunk is one deal, not two
    (the table's seat-games are deals x players x players, nothing more)."""
    assert T.spans(11, 1, 50)[-1] == (10, 11)
    assert [d for lo, hi in T.spans(11, 1, 50) for d in range(lo, hi)] == list(range(11))
    res = T.tournament("fan_tan", ["easy"], 11, seed=1, players=3)
    assert res["games"] == 33 and res["results"]["easy"]["games"] == 99


def test_every_seat_of_a_deal_is_played_by_every_level(monkeypatch):
    """The duplicate format: each rotation moves the lineup one seat, so over a deal's
    rotations each level sits in every seat (run_deals counts the seat-games by level)."""
    from engine import bots
    seen = []
    real = T.play_deal

    def spy(rules, players, number, lineup, cache):
        seen.append(list(lineup))
        return real(rules, players, number, lineup, cache)
    monkeypatch.setattr(T, "play_deal", spy)
    T.run_deals(("fan_tan", {}, 3, [bots.HARD, bots.EASY, bots.EASY], 1, 0, 1, 50))
    assert len(seen) == 3 and sorted(s.index(bots.HARD) for s in seen) == [0, 1, 2]


def test_the_table_has_one_seat_per_level_given_where_the_preset_allows(capsys):
    """Fan Tan is for 3 to 5: three seats named make a table of 3 (its usual size is 4), and
    without --players each named level sits once per rotation; the fair share is a third (a
    table saying 25% at any size passed)."""
    T.main(["--preset", "fan_tan", "--seats", "medium,easy,easy", "--deals", "1", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert res["players"] == 3 and res["seats"] == ["medium", "easy", "easy"] and res["games"] == 3
    assert out[-2] == "fair share: 33.3%"


def test_without_json_no_line_is_json(capsys):
    """--json is what asks for the JSON line: without it a reader of the output sees the table
    only, and a script looking for the JSON line finds none."""
    T.main(["--preset", "fan_tan", "--seats", "easy,medium,medium", "--deals", "1"])
    out = capsys.readouterr().out.strip().splitlines()
    assert out and "win rate" in "\n".join(out)
    for line in out:
        try:
            json.loads(line)
        except ValueError:
            continue
        raise AssertionError("a JSON line without --json: %r" % line)


def test_the_interval_of_a_level_in_several_seats_is_over_its_per_deal_win_fractions():
    """A level holding 3 seats is judged per deal on the share of its seat-games it won: its
    interval is rate ± 1.96·sd/√n over those shares, not over raw win counts (which would
    stretch every such interval to the whole of [0, 1])."""
    import math
    import statistics
    # per deal and level index: [seat-games, wins, penalty, score]; medium wins 1, 2, 1, 2 of 3
    wins = [1, 2, 1, 2]
    records = [[[1, 1 - w // 2, 0, 0], [3, w, 0, 0], [0, 0, 0, 0]] for w in wins]
    res = T.summarize(records, ("easy", "medium", "hard"))["medium"]
    shares = [w / 3 for w in wins]
    rate = sum(wins) / 12
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    assert res["win_rate"] == 0.5
    assert res["ci95"] == [round(rate - half, 4), round(rate + half, 4)]
    assert 0 < res["ci95"][0] < 0.5 < res["ci95"][1] < 1


def test_a_rule_change_plays_every_deal_by_the_changed_rules(monkeypatch, capsys):
    """--rule FIELD=VALUE changes the preset's rules for every deal (a New game option, as
    "8 before 6"; a value by its number or its name in engine.rules): the JSON and the table
    name the change, and penalties in card values come out larger than in cards."""
    seen = set()
    real = T.play_deal

    def spy(rules, players, number, lineup, cache):
        seen.add((rules.up_first, rules.penalty))
        return real(rules, players, number, lineup, cache)
    monkeypatch.setattr(T, "play_deal", spy)
    T.main(["--seats", "medium,easy", "--deals", "3", "--rule", "up_first=1", "--rule", "penalty=values",
            "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert seen == {(1, 1)} and res["rules"] == {"up_first": 1, "penalty": 1}
    assert out[0].startswith("sevens penalty=VALUES up_first=1, 4 players")
    seen.clear()
    cards = T.tournament("sevens", ["medium", "easy"], 3, seed=1)
    values = T.tournament("sevens", ["medium", "easy"], 3, seed=1, changes={"penalty": 1})
    assert seen == {(0, 0), (0, 1)} and cards["rules"] == {}
    for lv in ("medium", "easy"):
        assert values["results"][lv]["avg_penalty"] > cards["results"][lv]["avg_penalty"]


def test_a_rule_change_that_cannot_be_played_is_refused_with_the_reason(capsys):
    import pytest
    for arg, says in (("foo=1", "the fields are min_players, max_players"),
                      ("players=5", "use --players for the table size"),
                      ("up_first", "'up_first': up_first needs a whole number"),
                      ("penalty=pipz", "penalty needs a whole number or one of CARDS, VALUES, PIPS"),
                      ("scoring=VALUES", "scoring needs a whole number or one of ZERO_SUM, RACE, CHIPS"),
                      ("opener=0", "sevens with opener=0: the opening card must be a seven"),
                      ("up_first=2", "sevens with up_first=2: up_first out of range"),
                      ("coventry=1", "sevens with coventry=1: the Coventry bonus needs any-rank openings"),
                      ("winner_deals=1", "sevens with winner_deals=1: a tournament plays single deals"),
                      ("deals=10", "sevens with deals=10: a tournament plays single deals")):
        with pytest.raises(SystemExit) as e:
            T.main(["--deals", "1", "--rule", arg])
        assert e.value.code == 2 and says in capsys.readouterr().err, arg


def test_a_rule_change_is_made_as_new_game_makes_it(capsys):
    """--rule goes through engine.rules.override as New game's lines do: a free opening brings
    the player left of the dealer, a race drops the deal count, a paid pass scores in chips;
    a change that means nothing under the preset's other rules (New game's "-") is refused."""
    import pytest
    from engine.rules import FIVE_OR_NINE, LEFT_OF_DEALER, RACE, CHIPS
    assert T.table_rules("sevens", {"opening": FIVE_OR_NINE})[1] == {
        "opening": FIVE_OR_NINE, "opener": LEFT_OF_DEALER}
    assert T.table_rules("sevens", {"scoring": RACE})[1] == {"scoring": RACE, "deals": 0}
    assert T.table_rules("sevens", {"winner_deals": 0})[1] == {}       # the preset's: nothing to refuse
    assert T.table_rules("sevens", {"strategic_pass": 1})[1] == {"strategic_pass": 1, "scoring": CHIPS}
    T.main(["--deals", "1", "--seats", "medium,easy", "--rule", "opening=five_or_nine"])
    assert capsys.readouterr().out.startswith("sevens opener=LEFT_OF_DEALER opening=FIVE_OR_NINE, 4 players")
    with pytest.raises(SystemExit):
        T.main(["--deals", "1", "--preset", "domino", "--rule", "up_first=1"])
    assert "domino with up_first=1: no effect under its other rules" in capsys.readouterr().err


def test_the_seed_picks_the_deals(capsys):
    """--seed picks the deals: the same seed plays them again, another seed plays others (a seed
    that never reached the deals made every run the same sample under a new name). Any whole
    number is a seed, 0 and below too, as a run's report may give it."""
    def results(seed):
        T.main(["--preset", "fan_tan", "--seats", "medium,easy", "--players", "3", "--deals", "4",
                "--seed", seed, "--budget", "50", "--json"])
        return json.loads(capsys.readouterr().out.strip().splitlines()[-1])["results"]
    assert results("1") == results("1") != results("2")
    assert results("0") != results("-1") != results("1")


def test_the_table_gives_the_fair_share_of_the_table_and_each_interval_low_to_high(capsys):
    """Two levels named at Sevens' table of 4: the fair share is 1/4 of the wins, and a level's
    row gives its interval as the JSON does, low end first (a row read [hi, lo] passed)."""
    import re
    T.main(["--seats", "medium,easy", "--deals", "3", "--budget", "50", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    res = json.loads(out[-1])
    assert res["players"] == 4 and out[-2] == "fair share: 25.0%"
    rows = out[2:-2]
    assert [row.split()[0] for row in rows] == ["easy", "medium"]
    for row in rows:
        ci = res["results"][row.split()[0]]["ci95"]
        assert ci[0] < ci[1]
        assert re.search(r"\[ *([\d.]+)%, *([\d.]+)%\]", row).groups() == tuple("%.1f" % (100 * x) for x in ci)


def test_seats_are_named_in_any_case_and_one_level_everywhere_is_refused_however_written(capsys):
    """--seats "Medium, EASY" is medium and easy (a space after the comma too); --seats hard,hard
    is Hard in every seat, refused as --seats hard is (25% by symmetry)."""
    import pytest
    T.main(["--preset", "fan_tan", "--seats", "Medium, EASY", "--players", "3", "--deals", "1", "--json"])
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["seats"] == ["medium", "easy", "easy"]
    for seats in ("hard,hard", "hard,HARD"):
        with pytest.raises(SystemExit) as e:
            T.main(["--seats", seats])
        assert e.value.code == 2 and "every seat plays hard" in capsys.readouterr().err, seats


def test_wins_and_scores_go_to_the_level_of_the_seat_that_earned_them():
    """A game's win goes to the level in the winner's seat, and each seat's score to its level:
    checked by replaying the deals' rotations through play_deal (Sevens is zero-sum:
    the levels' scores add up to nothing, and some level scored)."""
    from engine import bots
    from engine.rules import preset
    rules = preset("sevens")
    res = T.tournament("sevens", ["medium", "easy"], 3, seed=4, budget=50)
    cache = [[bots.Bot(lv, 50) for lv in range(3)] for _ in range(4)]
    levels = [bots.MEDIUM, bots.EASY, bots.EASY, bots.EASY]
    wins = {bots.MEDIUM: 0, bots.EASY: 0}
    score = {bots.MEDIUM: 0, bots.EASY: 0}
    for i in range(3):
        for k in range(4):
            lineup = [levels[(p - k) % 4] for p in range(4)]
            winner, _, delta = T.play_deal(rules, 4, T.deal_number(4, i), lineup, cache)
            wins[lineup[winner]] += 1
            for p in range(4):
                score[lineup[p]] += delta[p]
    for lv, name, games in ((bots.MEDIUM, "medium", 12), (bots.EASY, "easy", 36)):
        assert res["results"][name]["win_rate"] == round(wins[lv] / games, 4)
        assert res["results"][name]["avg_score"] == round(score[lv] / games, 3)
    assert score[bots.MEDIUM] + score[bots.EASY] == 0 and score[bots.MEDIUM] != 0


def test_deal_numbers_stay_below_2_30_whatever_the_seed():
    """A deal number is what the badge and selftest --deals take, 0 to 2**30 - 1: a large --seed
    wraps within that range, and still plays."""
    for seed in (1, 2000, 10 ** 12, -7):
        assert all(0 <= T.deal_number(seed, i) < 1 << 30 for i in range(100))
    assert T.tournament("fan_tan", ["medium", "easy"], 1, seed=10 ** 12, players=3, budget=50)["games"] == 3


def test_a_bot_gets_a_new_seed_for_every_decision_of_a_deal():
    """bot_seed varies with the ply and the seat: a random choice is not drawn the same way at
    every turn of a deal."""
    seeds = {T.bot_seed(T.deal_number(1, 0), ply, ply % 4) for ply in range(52)}
    assert len(seeds) == 52
    assert T.bot_seed(99, 3, 0) != T.bot_seed(99, 3, 1)


def test_every_decision_of_a_played_deal_gets_its_own_seed():
    """play_deal asks each bot with the seed of that ply and seat (the moves laid so far), not
    one seed for the whole deal: an Easy bot's random choices are not all drawn alike."""
    from engine import bots
    from engine.rules import preset
    seeds = []

    class Recorder:
        def __init__(self):
            self.bot = bots.Bot(bots.EASY)

        def choose(self, view, seed=0):
            seeds.append(seed)
            return self.bot.choose(view, seed)
    T.seat_won(preset("sevens"), T.deal_number(1, 0), 0, Recorder(), Recorder())
    assert len(seeds) > 10 and len(set(seeds)) == len(seeds)


def test_the_budget_given_is_the_one_hard_plays(monkeypatch):
    """--budget reaches the tournament that Hard plays, not the badge's HARD_BUDGET."""
    from engine import bots
    budgets = []
    real = T.tournament

    def spy(*args):
        budgets.append(args[6])
        return real(*args)
    monkeypatch.setattr(T, "tournament", spy)
    T.main(["--seats", "hard,easy", "--deals", "1", "--budget", "7"])
    assert budgets == [7] != [bots.HARD_BUDGET]


def test_a_bot_that_passes_while_it_can_play_stops_the_deal_with_the_reason():
    """lay: an illegal action is refused by the game and changes nothing, so the same bot
    would be asked again for ever; it raises at once, naming the action and the game's reason."""
    import pytest
    from engine import bots
    from engine.rules import preset
    asked = []

    class Passer:
        def choose(self, view, seed=0):
            asked.append(seed)
            assert len(asked) < 5, "asked again after an illegal pass"
            return bots.PASS
    with pytest.raises(RuntimeError, match=r"illegal action: 52 \(You can play, so you cannot pass\)"):
        T.seat_won(preset("sevens"), 1, 0, Passer(), Passer())
    assert len(asked) == 1


def test_deals_are_cut_in_chunks_of_at_most_50_about_four_per_worker():
    """spans: 1000 deals on one worker are 20 chunks of 50, not 4 of 250; on 2 workers 100
    deals are 8 chunks of 12 and one of 4, each deal in exactly one chunk."""
    assert T.spans(1000, 1, 50) == [(lo, lo + 50) for lo in range(0, 1000, 50)]
    chunks = T.spans(100, 2, 50)
    assert [hi - lo for lo, hi in chunks] == [12] * 8 + [4]
    assert [d for lo, hi in chunks for d in range(lo, hi)] == list(range(100))


def test_one_chunk_is_worked_here_whatever_the_workers():
    """map_chunks starts no process with nothing to do: one chunk on --workers 4 is worked in this
    process (a lambda, which no pool of processes could be sent, works)."""
    assert T.map_chunks(lambda c: [c * 2, c], [3], 4) == [6, 3]


def test_a_rule_change_is_read_with_spaces_around_its_value():
    """--rule "penalty = pips" is penalty=PIPS: the field and the value are stripped."""
    from engine.rules import PIPS
    assert T.rule_change("penalty = pips") == ("penalty", PIPS)
    assert T.rule_change(" up_first= 1 ") == ("up_first", 1)


def test_the_lineup_suggested_for_one_level_everywhere_is_one_the_tool_takes(capsys):
    """--seats easy,easy,easy,easy is refused with a lineup to try instead; that lineup runs (it
    suggested easy,easy, "Easy against Easy", refused again in the same words)."""
    import re
    import pytest
    for level in ("easy", "medium", "hard"):
        with pytest.raises(SystemExit):
            T.main(["--seats", ",".join([level] * 4)])
        seats = re.search(r"\((\w+,\w+): ", capsys.readouterr().err).group(1)
        assert T.main(["--seats", seats, "--deals", "1", "--budget", "0"]) == 0, seats
        capsys.readouterr()


def test_the_fields_docs_options_md_says_tournament_refuses_are_those_it_refuses():
    """docs/options.md, step 4, tells whoever adds a rule option what `--rule` takes: every field
    but those of MATCH_ONLY (a tournament plays single deals) and a change New game shows as
    "-". It said "any field of FIELDS", and the tournament refused `winner_deals`, the very
    option that page follows."""
    import os
    import re
    from conftest import ROOT
    from engine.rules import FIELDS, _LIMITS
    with open(os.path.join(ROOT, "docs", "options.md"), encoding="utf-8") as f:
        step = " ".join(f.read().split("## 4. The tournament", 1)[1].split("## 5.", 1)[0].split())
    assert "refuses" in step and "`MATCH_ONLY`" in step and '"-"' in step, step
    for field in FIELDS:
        if field == "players":          # the table size: --players
            continue
        refused = []
        lo, hi = _LIMITS[FIELDS.index(field)] or (0, 51)     # opener: a card
        for value in (lo, lo + 1, hi):
            try:
                T.table_rules("sevens", {field: value})
            except ValueError as e:
                refused.append(str(e))
        said_match = any("changes only a match" in r for r in refused)
        assert said_match == (field in T.MATCH_ONLY), (field, refused)
    assert re.search(r"refuses .*`MATCH_ONLY`", step), step
