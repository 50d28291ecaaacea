"""The tribunal: three judges, the majority, and the computed checks of `evaluate`.

Computed checks (pure, no database, no model): `dates.weekday_mismatches`, `claims.find_storage_claims`,
`evaluate.computed_verdict`, and the last round's `correct.correction_sentence`. German words are
data in `vocabulary.json`; German texts are in `texts.py`.
"""
