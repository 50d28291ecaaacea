"""The person's directives: pair-owned standing rules that the tribunal's jurist checks.

`repository` holds the SQL; `agent` is the small conversational service (importing `novaberg.directives.agent`
registers it with the turn). The checkable part of a directive is read in `novaberg.tribunal.rules`.
"""
