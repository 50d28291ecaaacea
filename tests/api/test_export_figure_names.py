"""Figure ids in a person's export: `/etc`, `etc`, `../../etc` and `ETC` each get their own file, none a path
that leaves its folder, none two names that differ only in letter case (a case-insensitive file system would
merge them); `figuren.json` says which file is which figure; another person's figures never appear."""

from __future__ import annotations

import io
import json
import zipfile

from novaberg.api.person_export import export_bytes, figure_file_names
from tests.support import berlin

NOW = berlin(2026, 3, 2, 10)
FIGURES = ("/etc", "etc", "../../etc", "ETC")


def test_figure_ids_that_fold_to_one_name_get_distinct_safe_names():
    names = figure_file_names([*FIGURES, "nova", "Nova"])
    assert len({name.casefold() for name in names.values()}) == len(names) == 6
    for name in names.values():
        assert "/" not in name and "\\" not in name and name not in (".", "..") and not name.startswith(".")
    assert names["/etc"].startswith("etc-") and names["etc"].startswith("etc-")
    assert figure_file_names(["nova"]) == {"nova": "nova"}  # a plain id alone keeps its name
    assert figure_file_names(FIGURES) == figure_file_names(list(reversed(FIGURES)))  # the same every time


def test_each_figure_has_its_own_history_in_the_zip_and_nothing_of_the_other_person(nova):
    for figure in FIGURES:
        nova.turn("anna", figure, f"Hallo {figure}, hier ist Anna", NOW)
    nova.turn("bob", "etc", "Hallo etc, hier ist Bob", NOW)
    with zipfile.ZipFile(io.BytesIO(export_bytes(nova, "anna", NOW))) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    histories = {name: json.loads(data) for name, data in files.items() if name.startswith("verlauf/")}
    assert len(histories) == 4
    assert len({name.casefold() for name in files}) == len(files)
    assert all(name.count("/") == 1 and ".." not in name for name in histories)
    index = json.loads(files["figuren.json"])
    assert sorted(index.values()) == sorted(FIGURES)
    for name, figure in index.items():
        said = [turn["mensch"] for turn in histories[f"verlauf/{name}.json"]]
        assert said == [f"Hallo {figure}, hier ist Anna"]
    assert not any(b"Bob" in data for data in files.values())
