"""The tribunal: three judges, the majority, and the computed checks of `evaluate`.

Judges (`judges.py`, tribunal.md §3–§8): `vote`, `majority`, `AGENTS`, the checked reading of a judge's answer;
`judge_runs.run_judges` asks them (at most the server's slots at once, each time-out from its sending); the
directives a rule can check without a model are in `rules.py`.

Computed checks (pure, no database, no model): `dates.weekday_mismatches`, `claims.find_storage_claims`,
`evaluate.computed_verdict`, and the last round's `correct.correction_sentence`. German words are
data in `text/claim_vocabulary.json`; German texts are in `texts.py`.
"""
