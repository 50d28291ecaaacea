"""No German read by patterns outside the language packages (CONTRIBUTING.md "German is data": one package reads
German; no German regex outside it). New German patterns go to `text/`.

What is counted, per module under `src/novaberg` outside `text/` and `timeparse/` (parsed with ast, nothing
imported): each call of `re.compile`, `re.search`, `re.match`, `re.fullmatch`, `re.sub`, `re.subn`, `re.split`,
`re.findall` or `re.finditer` whose pattern — the first argument or `pattern=` — reads German. The pattern's text is
what the module writes there: string literals, f-strings and `+` joins, with a name bound at module level to such a
string read in its place (`_DET = r"(?:die|der)"` then `re.compile(rf"^{_DET}…")`); anything else (a pattern from
data, a call) adds nothing. A module-level function that hands its first argument to `re` (*_rx(pattern)*) counts as such a call. Regex syntax
is taken out first (character classes `[...]`, escapes such as `\\w`, `\\b`, group names `(?P<name>`,
back-references `(?P=name)`). The pattern reads German when its text holds an umlaut or ß, a lower-case run of four
or more letters that is no technical word (`TECHNICAL`), or a run of three letters that is a word of the German
vocabularies (every `*.json` under `src/novaberg` but measured data: *uhr*, *und*, *der*).

No module outside `text/` and `timeparse/` may hold one: a new German pattern goes into the language package.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from pathlib import Path

import novaberg
from novaberg.text.words import fold

SOURCE = Path(novaberg.__file__).parent
LANGUAGE_PACKAGES = ("text", "timeparse")
MEASURED_DATA = frozenset({"files/dense_floors.json", "store/schema/earlier_wordings.json"})  # numbers, not words
RE_CALLS = frozenset({"compile", "search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer"})
TECHNICAL = frozenset({"http", "https", "json", "true", "false", "null", "none", "utf", "www", "html", "mailto",
                       "password", "apikey", "token", "backup", "heading", "markdown"})  # English words of technical patterns
_SYNTAX = re.compile(r"\[(?:\\.|[^\]])*\]|\\[A-Za-z]|\(\?P<\w+>|\(\?P=\w+\)|\(\?[aiLmsux]+\)|\{\w+\}")
_CASE_CLASS = re.compile(r"\[(\w)(\w)\]")  # *[Dd]u*, *[Ii]ch*: one letter in either case
_RUN = re.compile(r"[^\W\d_]+")
_FOLDED = frozenset("äöüßÄÖÜ")
_SHORT = (2, 3)  # a word this short counts only when the vocabularies hold it (*du*, *ich*, *uhr*)
_NAME_DEPTH = 6  # a name bound to a string that names another: followed this far


def _vocabulary_words() -> frozenset[str]:
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.update(run.lower() for run in _RUN.findall(value))
        elif isinstance(value, dict):  # the values only: keys are a file's field names as often as words
            for key, item in value.items():
                if not str(key).startswith("_"):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(SOURCE.rglob("*.json")):
        if path.relative_to(SOURCE).as_posix() not in MEASURED_DATA:
            walk(json.loads(path.read_text(encoding="utf-8")))
    return frozenset(fold(word) for word in found if len(word) in _SHORT)


_LEXICON = _vocabulary_words()


def _one_letter(match: re.Match[str]) -> str:
    first, second = match.group(1), match.group(2)
    return first.lower() if first != second and first.lower() == second.lower() else match.group(0)


def reads_german(pattern: str) -> bool:
    """Whether a pattern's text holds German (the rule of this module's description)."""
    bare = _SYNTAX.sub(" ", _CASE_CLASS.sub(_one_letter, pattern))
    if any(char in _FOLDED for char in bare):
        return True
    for run in _RUN.findall(bare):
        if run.islower() and len(run) >= 4 and run not in TECHNICAL:
            return True
        if len(run) in _SHORT and fold(run) in _LEXICON:
            return True
    return False


def _strings(tree: ast.Module) -> dict[str, ast.expr]:
    """The module-level names bound to an expression (the last binding wins)."""
    bound: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound[node.targets[0].id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            bound[node.target.id] = node.value
    return bound


def _text(node: ast.expr, bound: dict[str, ast.expr], depth: int = 0) -> str:
    if depth > _NAME_DEPTH:
        return ""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(part, bound, depth) for part in node.values)
    if isinstance(node, ast.FormattedValue):
        return _text(node.value, bound, depth)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _text(node.left, bound, depth) + _text(node.right, bound, depth)
    if isinstance(node, ast.Name) and node.id in bound:
        return _text(bound[node.id], bound, depth + 1)
    return ""


def _is_re_call(call: ast.Call) -> bool:
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr in RE_CALLS and isinstance(func.value, ast.Name)
            and func.value.id == "re")


def _re_pattern(call: ast.Call) -> ast.expr | None:
    keyword = next((k.value for k in call.keywords if k.arg == "pattern"), None)
    return call.args[0] if call.args else keyword


def _wrappers(tree: ast.Module) -> frozenset[str]:
    """Module-level functions that hand their first argument to `re` as the pattern (*_rx(pattern)*): a call of
    one is a pattern call too."""
    found = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.args.args:
            first = node.args.args[0].arg
            if any(isinstance(inner, ast.Call) and _is_re_call(inner) and isinstance(_re_pattern(inner), ast.Name)
                   and _re_pattern(inner).id == first for inner in ast.walk(node)):  # type: ignore[union-attr]
                found.add(node.name)
    return frozenset(found)


def _pattern_of(call: ast.Call, wrappers: frozenset[str]) -> ast.expr | None:
    if _is_re_call(call):
        return _re_pattern(call)
    if isinstance(call.func, ast.Name) and call.func.id in wrappers and call.args:
        return call.args[0]
    return None


def german_patterns(source: str) -> int:
    """How many `re` calls of a module's source read German."""
    tree = ast.parse(source)
    bound = _strings(tree)
    wrappers = _wrappers(tree)
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (pattern := _pattern_of(node, wrappers)) is not None:
            count += reads_german(_text(pattern, bound))
    return count


def _modules() -> Iterable[tuple[str, Path]]:
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE)
        if relative.parts[0] not in LANGUAGE_PACKAGES:
            yield relative.as_posix(), path


def counts() -> dict[str, int]:
    """Per module outside the language package: the German patterns it holds (modules with none left out)."""
    found = {name: german_patterns(path.read_text(encoding="utf-8")) for name, path in _modules()}
    return {name: count for name, count in found.items() if count}


def test_no_module_outside_the_language_packages_reads_german_by_pattern() -> None:
    found = counts()
    assert found == {}, f"German patterns belong in src/novaberg/text/ (the lexicon and its readers): {found}"


def test_a_german_pattern_is_counted_through_its_module_level_parts() -> None:
    source = '''
import re
_DET = r"(?:die|der|den)\\s+"
_LIST = r"(?P<c>[\\w-]*liste)"
ONE = re.compile(rf"^{_DET}{_LIST}$", re.I)
TWO = re.compile(r"\\b(?:lösch|loesch)\\w*")
THREE = re.search(pattern=r"uhr", string="x")


def _rx(pattern):
    return re.compile(pattern, re.IGNORECASE)


FOUR = _rx(r"^streich\\w*")
'''
    assert german_patterns(source) == 4


def test_a_pattern_of_regex_syntax_alone_or_from_data_is_not_german_but_a_short_word_is() -> None:
    source = '''
import re
WORDS = load_words()
A = re.compile(r"(?P<name>\\w+)\\s*[,;]\\s*(?P=name)")
B = re.compile(rf"\\b(?:{alternation(WORDS)})\\b")
C = re.compile(r"https?://\\S+")
D = re.sub(r"\\s+", " ", "x")
E = re.compile(r"^[\\w\\-. /äöüÄÖÜß]+$")
F = re.compile(r"\\b[Dd]u\\b")  # *du*: a word of two letters that the vocabularies hold
'''
    assert german_patterns(source) == 1  # F only
