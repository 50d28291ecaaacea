"""The German time parser: read what people say about time, and never guess.

Vocabulary is data (`vocabulary.json` → `TIME_VOCABULARY`), parsing is code. Public names:
`parse` → `ZeitVektor` (timeline.md §6), `read_time` → `TimeReading` (§5.2, tribunal.md
"Die Nennung"), `named_period` → `Period` (§4.2), `date_without_year` / `year_by_tense`
(§5.5 row *Zeit*), and the reschedule check `reschedule_target` (§5.2) with its positive form
`raw_time_form`. Every function takes `now` as an argument; none reads the system clock.
"""

from novaberg.timeparse.parse import ZeitVektor, parse
from novaberg.timeparse.period import Period, named_period
from novaberg.timeparse.positive_form import RawTimeForm, raw_time_form
from novaberg.timeparse.reading import StatedDay, StatedHour, TimeReading, read_time
from novaberg.timeparse.reschedule import REASONS, RescheduleReading, reschedule_target
from novaberg.timeparse.tokens import dotted_clock_times
from novaberg.timeparse.vocabulary import TIME_VOCABULARY, TimeVocabulary
from novaberg.timeparse.years import DateWithoutYear, date_without_year, year_by_tense

__all__ = [
    "REASONS",
    "TIME_VOCABULARY",
    "DateWithoutYear",
    "Period",
    "RawTimeForm",
    "RescheduleReading",
    "StatedDay",
    "StatedHour",
    "TimeReading",
    "TimeVocabulary",
    "ZeitVektor",
    "date_without_year",
    "dotted_clock_times",
    "named_period",
    "parse",
    "raw_time_form",
    "read_time",
    "reschedule_target",
    "year_by_tense",
]
