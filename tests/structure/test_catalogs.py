"""Every shipped catalog is whole (issue 48): what the code says is what the catalogs hold.

- each domain's template (``locale/<domain>.pot``) holds exactly the messages Babel's
  extractor finds in the code today: none missing, no key left over that nothing says;
- each language's ``.po`` has every message of its template translated (each plural form the
  language's CLDR rule asks for), none fuzzy, none left over, and each translation names the
  same placeholders as its source (a plural form may leave out the count: "صوت واحد");
- a translation formats with its placeholders' values, as a screen formats it.

Run ``python -m companion.catalogs`` after changing a sentence: the templates follow the code
and each .po gets the new message empty (or fuzzy), for its translator.
"""
from __future__ import annotations

import re
import string

import pytest

from companion import catalogs
from companion.language import LANGUAGES, PSEUDO, SOURCE, Words, catalog

TEMPLATES = catalogs.extract()
DOMAINS = sorted(TEMPLATES)
FIELDS = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in FIELDS.parse(text) if name is not None}


def ids(cat) -> set:
    return {m.id for m in cat if m.id}


@pytest.mark.parametrize("domain, home", DOMAINS)
def test_the_template_is_what_the_code_says(domain, home):
    path = catalogs.template_path(domain, home)
    assert path.is_file(), f"no template for {domain}: run python -m companion.catalogs"
    shipped, found = ids(catalogs.read(path)), ids(TEMPLATES[domain, home])
    assert not found - shipped, f"said in code, not in {path.name}: {found - shipped}"
    assert not shipped - found, f"in {path.name}, said nowhere in code: {shipped - found}"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != SOURCE])
@pytest.mark.parametrize("domain, home", DOMAINS)
def test_every_catalog_is_whole(domain, home, language):
    path = catalogs.po_path(domain, home, language)
    assert path.is_file(), f"{domain} has no {language} catalog"
    po = catalogs.read(path, language)
    template = TEMPLATES[domain, home]
    assert ids(po) == ids(template), f"{path}: {ids(po) ^ ids(template)}"
    forms = po.num_plurals
    wrong = []
    for m in po:
        if not m.id:
            continue
        if m.fuzzy:
            wrong.append(f"fuzzy: {m.id!r}")
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        said = m.string if isinstance(m.string, tuple) else (m.string,)
        if len(said) != (forms if isinstance(m.id, tuple) else 1) or not all(said):
            wrong.append(f"not translated ({len(said)} of {forms} forms): {m.id!r}")
            continue
        wanted = set().union(*map(placeholders, sources))
        for text in said:
            # a plural form may say its count in words ("one vote"), nothing else may differ
            if not (wanted - {"count", "n"} <= placeholders(text) <= wanted):
                wrong.append(f"placeholders {placeholders(text)} for {wanted}: {text!r}")
            try:
                text.format(**{name: "x" for name in wanted})
            except (ValueError, IndexError, KeyError) as e:
                wrong.append(f"does not format ({e}): {text!r}")
    assert not wrong, f"{path}:\n" + "\n".join(wrong)


def test_each_language_message_count(capsys):
    """The figures of handoff/lang48.md: how many messages each language has."""
    counts = {}
    for language in LANGUAGES:
        counts[language] = sum(
            len(ids(TEMPLATES[d])) if language == SOURCE else
            sum(bool(m.id and all(m.string if isinstance(m.string, tuple) else (m.string,)))
                for m in catalogs.read(catalogs.po_path(*d, language), language))
            for d in DOMAINS)
    with capsys.disabled():
        print("\nmessages per language:", counts)
    assert len(set(counts.values())) == 1 and counts[SOURCE] > 60


def test_the_pseudo_language_is_made_from_the_templates():
    """Every message, none hand-written: accented, bracketed, longer, placeholders kept."""
    for (domain, home), template in TEMPLATES.items():
        made = catalog(home, domain, PSEUDO)
        for m in template:
            if not m.id or isinstance(m.id, tuple):
                continue
            said = made.gettext(m.id)
            assert said.startswith("⟦") and said.endswith("⟧") and said != m.id
            assert placeholders(said) == placeholders(m.id)
            assert len(said) >= 1.3 * len(m.id), said


def test_a_message_no_catalog_has_falls_back_to_its_english():
    """A game with no catalog (or a message missing from it) says its source text."""
    from rules.words import Speaker

    _ = Speaker("no_such_game", "rules.no_such_game")
    assert Words("de")(_("Ana has {n} coins", n=1200)) == "Ana has 1.200 coins"
    assert Words("ar")(_("Ana")) == "Ana"


def test_every_speaking_module_names_one_domain():
    """The extractor finds a module's domain from its one ``_ = Speaker(...)`` line."""
    for path, (domain, home) in catalogs.speakers([catalogs.ROOT / f
                                                    for f in catalogs.FOLDERS]).items():
        text = path.read_text(encoding="utf-8")
        assert len(re.findall(r"^_ = Speaker\(", text, re.M)) == 1, path
        assert catalogs.locale_folder(home) is not None, (path, home)
