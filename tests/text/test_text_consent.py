"""novaberg.consent.read_consent: the closed reading of consent, rule by rule.

notizen.md §7 "Die Deutung der Antwort" and "Die geschlossene Annahme" (notizen, direktiven — "dieselben
Wortlisten als Kopie"), dateien.md §2a.2 (dateien_wurzeln). Class names follow the spec's witnesses.
"""

from __future__ import annotations

import pytest

from novaberg.consent import ABLEHNUNG, SERVICES, UNKLAR, ZUSTIMMUNG, read_consent
from novaberg.text.consent import consent_lists

NOTES_LIKE = ("notizen", "direktiven")


def _each(services: tuple[str, ...], cases: list[tuple[str, str]]) -> list:
    return [
        pytest.param(text, service, want, id=f"{service}:{text}")
        for service in services
        for text, want in cases
    ]


class TestRefusalFirst:
    """notizen.md §7 nicht_gefunden: Die Ablehnung wird zuerst geprüft und gewinnt."""

    @pytest.mark.parametrize(
        ("text", "service", "want"),
        _each(
            SERVICES,
            [
                ("nein, bitte nicht", ABLEHNUNG),  # the archived bug ZUSTIMMUNG-GILT-ALS-ABLEHNUNG
                ("Nein", ABLEHNUNG),
                ("Nein danke", ABLEHNUNG),
                ("ja, nein", ABLEHNUNG),
                ("lieber nicht", ABLEHNUNG),
                ("Stopp!", ABLEHNUNG),
                ("abbrechen", ABLEHNUNG),
                ("lass es", ABLEHNUNG),
                ("nee", ABLEHNUNG),
                ("ok, mach das nicht", ABLEHNUNG),
            ],
        ),
    )
    def test_refusal_wins_over_consent_words(self, text: str, service: str, want: str) -> None:
        assert read_consent(text, service) == want

    @pytest.mark.parametrize("service", NOTES_LIKE)
    def test_ja_leg_ne_neue_an_refuses_by_the_stem_rule(self, service: str) -> None:
        """notizen.md §7: jedes andere *ne* lehnt ab, auch *„ja, leg ne neue an“* — die sichere Richtung."""
        assert read_consent("ja, leg ne neue an", service) == ABLEHNUNG
        assert read_consent("Ja, leg 'ne neue an", service) == ABLEHNUNG

    @pytest.mark.parametrize("service", NOTES_LIKE)
    def test_stems_match_inside_words(self, service: str) -> None:
        """notizen.md §7: REFUSAL_STEMS als Teilzeichenkette — *keinesfalls*, *nichts*, *abbrechen* refuse."""
        for text in ("ok, keinesfalls", "ja, bitte nichts", "Abbruch", "stoppen"):
            assert read_consent(text, service) == ABLEHNUNG, text

    @pytest.mark.parametrize("service", NOTES_LIKE)
    def test_consent_words_are_taken_out_before_the_stems_are_searched(self, service: str) -> None:
        """notizen.md §7: im Text ohne die Zustimmungswörter — *gerne* and *meinetwegen* consent."""
        assert read_consent("gerne", service) == ZUSTIMMUNG
        assert read_consent("meinetwegen", service) == ZUSTIMMUNG
        assert read_consent("Ja gerne, danke!", service) == ZUSTIMMUNG

    @pytest.mark.parametrize("service", NOTES_LIKE)
    def test_a_filler_carrying_a_stem_refuses_in_the_stem_services(self, service: str) -> None:
        """notizen.md §7: jedes andere *ne* lehnt ab — also the *ne* of *Ihnen* (the price of stems)."""
        assert read_consent("ja, danke Ihnen", service) == ABLEHNUNG
        assert read_consent("ja, danke Ihnen", "dateien_wurzeln") == ZUSTIMMUNG

    def test_dateien_wurzeln_refuses_by_whole_words_only(self) -> None:
        """dateien.md §2a.2: ABLEHNUNGS_WOERTER, ganze Wörter."""
        assert read_consent("nicht", "dateien_wurzeln") == ABLEHNUNG
        assert read_consent("keine", "dateien_wurzeln") == ABLEHNUNG
        assert read_consent("ja, leg ne neue an", "dateien_wurzeln") == ABLEHNUNG
        assert read_consent("Jahrhundert", "dateien_wurzeln") == UNKLAR

    def test_dateien_wurzeln_unklar_examples_give_nothing_free(self) -> None:
        """dateien.md §2a.2: *„Wie bitte?“*, *„Moment, bitte“*, *„ja, bitte nichts“*, *„ok, keinesfalls“* → UNKLAR."""
        for text in ("Wie bitte?", "Moment, bitte", "ja, bitte nichts", "ok, keinesfalls"):
            assert read_consent(text, "dateien_wurzeln") == UNKLAR, text

    @pytest.mark.parametrize(
        ("text", "service", "want"),
        _each(SERVICES, [("ja, vergiss es", UNKLAR), ("nö", UNKLAR), ("ok, niemals", UNKLAR)]),
    )
    def test_refusal_words_without_a_stem_no_longer_confirm(self, text: str, service: str, want: str) -> None:
        """notizen.md §7: Ablehnungswörter ohne Stamm (*vergiss es, nö, niemals*) bestätigen seit f901e08 nicht mehr."""
        assert read_consent(text, service) == want


class TestClosedConsent:
    """notizen.md §7 "Die geschlossene Annahme" (a) and (b): at least one consent word, every other a filler."""

    @pytest.mark.parametrize(
        ("text", "service", "want"),
        _each(
            SERVICES,
            [
                ("ja", ZUSTIMMUNG),
                ("Ja", ZUSTIMMUNG),
                ("Ja, gerne!", ZUSTIMMUNG),
                ("ok", ZUSTIMMUNG),
                ("okay.", ZUSTIMMUNG),
                ("mach das", ZUSTIMMUNG),
                ("Ja, mach das", ZUSTIMMUNG),  # der Imperativ fragt nicht
                ("mach ich das", ZUSTIMMUNG),  # Preis: *„mach ich das“* stimmt zu
                ("klar", ZUSTIMMUNG),
                ("bitte", ZUSTIMMUNG),
                ("ja bitte, mach das doch mal", ZUSTIMMUNG),
                ("sehr gerne, danke", ZUSTIMMUNG),
                ("das ist ok", ZUSTIMMUNG),
                ("das ist sicher", ZUSTIMMUNG),  # dateien.md §2a.2
                ("alles klar", ZUSTIMMUNG),
                ("  ja  ", ZUSTIMMUNG),
            ],
        ),
    )
    def test_answers_that_consist_of_consent_consent(self, text: str, service: str, want: str) -> None:
        assert read_consent(text, service) == want

    @pytest.mark.parametrize(
        ("text", "service", "want"),
        _each(
            SERVICES,
            [
                ("", UNKLAR),
                ("   ", UNKLAR),
                ("danke", UNKLAR),  # (a) a filler alone is no consent
                ("das", UNKLAR),
                ("Jahr", UNKLAR),  # *ja* trifft *Jahr* nicht
                ("Wie bitte?", UNKLAR),  # measured 26.10.2026: legt nichts an, erneuert die Frage
                ("Moment, bitte", UNKLAR),  # a noun
                ("ja, 3 Stück", UNKLAR),  # a number
                ("ja, die Einkaufsliste", UNKLAR),
                ("Ja, trag das bitte ein, ich brauch die Liste beim Einkaufen", UNKLAR),
                ("ja, soll ich?", UNKLAR),
                ("gut, ja", UNKLAR),  # Preis: fragt ein zweites Mal
            ],
        ),
    )
    def test_answers_with_anything_else_are_unclear(self, text: str, service: str, want: str) -> None:
        assert read_consent(text, service) == want

    @pytest.mark.parametrize("service", SERVICES)
    def test_every_listed_consent_word_alone_consents(self, service: str) -> None:
        for word in consent_lists(service).consent_words:
            assert read_consent(word, service) == ZUSTIMMUNG, word


class TestExcludedWords:
    """notizen.md §7 (b): nie ein Wort der Einschränkung oder des Aufschubs, nie *na*, *nun*, *also*."""

    @pytest.mark.parametrize("service", SERVICES)
    @pytest.mark.parametrize(
        "text",
        [
            "ja, aber",
            "ja, sondern",
            "ja, statt dessen",
            "ja, erst",
            "ja, nur das",
            "ja, noch",
            "ja, lieber",
            "ja, später",
            "ja, morgen",
            "na klar",  # Preis: *„na klar“* fragt ein zweites Mal
            "nun ja",
            "also ja",
            "ja, wann?",
            "ja wer",
            "ja schon",
            "vielleicht ja",
        ],
    )
    def test_hesitation_restriction_and_question_words_make_it_unclear(self, text: str, service: str) -> None:
        assert read_consent(text, service) == UNKLAR


class TestClosedSigns:
    """notizen.md §7 (c): jedes Zeichen außer Buchstaben, Ziffern und Apostroph aus DROPPED_SIGNS."""

    @pytest.mark.parametrize("service", SERVICES)
    @pytest.mark.parametrize(
        "text",
        [
            "Ja?",  # a question mark
            "ja ?",
            "ja¿",
            "ja；",  # full-width semicolon is not the ASCII one
            "ja？",  # full-width question mark: jedes Fragezeichen jeder Schrift
            "ja 👍",  # Preis
            "Ja…",  # Preis: the ellipsis character
            "ja & gerne",
            "ja\u00a0gerne",  # no-break space is not ASCII whitespace
            'ja "gerne"',
            "ok 😊",
            "ja/nein?",
        ],
    )
    def test_any_other_sign_makes_it_unclear(self, text: str, service: str) -> None:
        assert read_consent(text, service) != ZUSTIMMUNG
        if "nein" not in text:
            assert read_consent(text, service) == UNKLAR

    @pytest.mark.parametrize("service", SERVICES)
    @pytest.mark.parametrize(
        "text", ["Ja...", "ja!", "(ja)", "ja - gerne", "ja;\tgerne:\n ok", "ja,\r\ngerne."]
    )
    def test_dropped_signs_are_allowed_around_a_consent(self, text: str, service: str) -> None:
        assert read_consent(text, service) == ZUSTIMMUNG


class TestApostrophe:
    """notizen.md §7: Die Ablehnung liest den Text mit Apostroph, die Zustimmung ohne (*„ger'ne“* lehnt ab)."""

    @pytest.mark.parametrize("service", SERVICES)
    def test_ger_ne_refuses(self, service: str) -> None:
        assert read_consent("ger'ne", service) == ABLEHNUNG

    @pytest.mark.parametrize("service", SERVICES)
    def test_the_consent_reads_without_apostrophes(self, service: str) -> None:
        assert read_consent("mach's", service) == ZUSTIMMUNG
        assert read_consent("mach’s", service) == ZUSTIMMUNG
        assert read_consent("'ja'", service) == ZUSTIMMUNG


class TestWordOrder:
    """notizen.md §7 (d): ein Verb aus ASKING_VERBS vor einem Wort aus SUBJECT_WORDS im selben Satzteil fragt."""

    @pytest.mark.parametrize(
        ("text", "service", "want"),
        _each(
            SERVICES,
            [
                ("ist das ok", UNKLAR),
                ("ist das ok?", UNKLAR),
                ("das ist ok", ZUSTIMMUNG),
                ("ist das sicher", UNKLAR),  # dateien.md §2a.2
                ("das ist sicher", ZUSTIMMUNG),
                ("ok ist das", UNKLAR),
                ("ja, ist doch klar", ZUSTIMMUNG),  # no subject word after *ist*
                ("ist klar", ZUSTIMMUNG),
                ("mach ich das", ZUSTIMMUNG),  # *mach* is no asking verb
            ],
        ),
    )
    def test_asking_verb_before_subject_asks(self, text: str, service: str, want: str) -> None:
        assert read_consent(text, service) == want

    @pytest.mark.parametrize("service", NOTES_LIKE)
    def test_passt_asks_before_a_subject_in_notizen_and_direktiven(self, service: str) -> None:
        """notizen.md §7 (d): ASKING_VERBS (*ist*, *passt*)."""
        assert read_consent("passt", service) == ZUSTIMMUNG
        assert read_consent("das passt", service) == ZUSTIMMUNG
        assert read_consent("passt mir", service) == ZUSTIMMUNG
        assert read_consent("passt das", service) == UNKLAR
        assert read_consent("passt es dir", service) == UNKLAR


class TestClauseSeparators:
    """notizen.md §7 (d): Satzteile enden nur an `, . ! ; :` (CLAUSE_SEPARATORS)."""

    @pytest.mark.parametrize(
        ("text", "service", "want"),
        _each(
            SERVICES,
            [
                ("ja, ist das ok", UNKLAR),
                ("ist, das ok", ZUSTIMMUNG),
                ("ist. das ok", ZUSTIMMUNG),
                ("ist! das ok", ZUSTIMMUNG),
                ("ist; das ok", ZUSTIMMUNG),
                ("ist: das ok", ZUSTIMMUNG),
                ("ist - das ok", UNKLAR),  # a dash does not end a clause
                ("ist (das) ok", UNKLAR),
                ("ist\ndas ok", UNKLAR),  # nor does a line break
            ],
        ),
    )
    def test_only_the_separators_end_a_clause(self, text: str, service: str, want: str) -> None:
        assert read_consent(text, service) == want


class TestDateienWurzeln:
    """dateien.md §2a.2: Lesezugriff ist der teuerste Fehler; *passt* ist hier kein Zustimmungswort."""

    @pytest.mark.parametrize("text", ["passt", "das passt", "Passt!", "ja, passt", "passt das"])
    def test_passt_never_consents(self, text: str) -> None:
        assert read_consent(text, "dateien_wurzeln") == UNKLAR

    def test_mach_das_consents(self) -> None:
        assert read_consent("mach das", "dateien_wurzeln") == ZUSTIMMUNG


class TestBadInput:
    """Bad input gets a clear error and changes nothing."""

    @pytest.mark.parametrize("text", [None, 1, b"ja", ["ja"]])
    def test_non_str_text_is_a_type_error(self, text: object) -> None:
        with pytest.raises(TypeError, match="text must be a str"):
            read_consent(text, "notizen")  # type: ignore[arg-type]

    @pytest.mark.parametrize("service", ["", "Notizen", "timeline", "dateien"])
    def test_unknown_service_names_the_choices(self, service: str) -> None:
        with pytest.raises(ValueError, match="notizen, dateien_wurzeln, direktiven"):
            read_consent("ja", service)

    def test_non_str_service_is_a_type_error(self) -> None:
        with pytest.raises(TypeError, match="service must be a str"):
            read_consent("ja", 3)  # type: ignore[arg-type]
