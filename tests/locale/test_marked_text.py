"""No template and no script shows words that are not marked for translation (issue 33, point
4). The pages a test visits in Hindi and Urdu are read word by word
(test_pages_are_translated.py); this reads the sources themselves, so that a page no test visits
is held too.

Templates: the text outside ``{% translate %}`` and ``{% blocktranslate %}`` (and comments), and
the attributes a person reads (placeholder, title, aria-label, alt, a button's value), must
have no Latin word. Left out: the rules pages, written per language (``rummy.hi.html``), elements
marked lang="en" or translate="no", and code (script, style, code).

Scripts (static/js, ours): no string a person could read (a phrase: a capitalised word, or words
ending a sentence), except the names of browser APIs and keys and what goes to the console.
Their words come from the server, in the page or in the frames, in the reader's language.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parents[2]
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
SHOWN_ATTRIBUTES = ("placeholder", "title", "aria-label", "alt")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
VOID |= {"use", "rect", "path", "circle", "stop", "wbr"}  # SVG leaves, written without a close
ATTRIBUTE_ALONE = re.compile(r'\s*[\w-]+="[^"]*"\s*')
# Blocks whose inside is not the template's own text.
OPENERS = {"blocktranslate", "blocktrans", "comment", "verbatim"}
CLOSERS = {"endblocktranslate", "endblocktrans", "endcomment", "endverbatim"}


class ShownText(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hidden: list[bool] = []
        self.shown: list[str] = []

    def _attributes(self, tag, attrs, hidden):
        values = {name: value or "" for name, value in attrs}
        if not hidden:
            self.shown += [values[name] for name in SHOWN_ATTRIBUTES if name in values]
            if tag == "input" and values.get("type") in ("submit", "button"):
                self.shown.append(values.get("value", ""))
        return values

    def handle_starttag(self, tag, attrs):
        values = self._attributes(tag, attrs, any(self.hidden))
        hidden = (
            any(self.hidden)
            or tag in ("script", "style", "code", "kbd", "samp")
            or values.get("lang", "").startswith("en")
            or values.get("translate") == "no"
        )
        if tag not in VOID:
            self.hidden.append(hidden)

    def handle_startendtag(self, tag, attrs):
        self._attributes(tag, attrs, any(self.hidden))

    def handle_endtag(self, tag):
        if tag not in VOID and self.hidden:
            self.hidden.pop()

    def handle_data(self, data):
        if not any(self.hidden):
            self.shown.append(data)


def unmarked_in_template(source: str) -> set[str]:
    """The Latin words a template shows of its own, outside the translation tags."""
    kept, inside = [], 0
    for token in Lexer(source).tokenize():
        name = (token.contents.split() or [""])[0]
        if token.token_type == TokenType.BLOCK and name in OPENERS:
            inside += 1
        elif token.token_type == TokenType.BLOCK and name in CLOSERS:
            inside -= 1
        # A variable or a tag's output is made elsewhere: a placeholder keeps the text apart;
        # so is an attribute a block writes into its parent's tag (body_class: class="x").
        own_text = token.token_type == TokenType.TEXT and not inside
        if own_text and not ATTRIBUTE_ALONE.fullmatch(token.contents):
            kept.append(token.contents)
        else:
            kept.append(" ")
    parser = ShownText()
    parser.feed("".join(kept))
    return {word for chunk in parser.shown for word in LATIN_WORD.findall(chunk)}


SCRIPT_STRING = re.compile(r"""(["'])((?:\\.|(?!\1).)*)\1|`((?:\\.|[^`])*)`""")
# A phrase begins with a capital or ends a sentence: lower-case words with spaces are class lists.
PHRASE = re.compile(
    r"[A-Z][a-z]+[,.!?:;]? +[A-Za-z]{2,}|[A-Za-z]{2,} +[A-Za-z]{2,}[.!?]$|^[A-Z][a-z]+[.!?]?$"
)
# Names a script writes that no person reads: browser APIs and keys, a selector.
NOT_WORDS = {
    "Notification",
    "Escape",
    "Home",
    "End",
    "Enter",
    "input, select, textarea",
    "use strict",
}


def unmarked_in_script(source: str) -> set[str]:
    """The strings a script holds that read as words a person would see."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL)
    source = re.sub(r"(^|[^:\\])//[^\n]*", r"\1", source)
    source = re.sub(r"console\.\w+\([^;]*\);", "", source)  # for developers, not players
    found = set()
    for match in SCRIPT_STRING.finditer(source):
        text = match.group(2) if match.group(2) is not None else match.group(3)
        readable = re.sub(r"<[^>]*>", " ", re.sub(r"\$\{[^}]*\}", " ", text)).strip()
        if readable not in NOT_WORDS and PHRASE.search(readable):
            found.add(text)
    return found


def our_templates() -> list[Path]:
    return [
        path
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if not re.search(r"\.(en|hi|ur)\.html$", path.name)  # the rules, per language
    ]


def our_scripts() -> list[Path]:
    return sorted((ROOT / "static" / "js").rglob("*.js"))


def test_the_checkers_find_unmarked_words_and_pass_marked_ones():
    template = (
        '{% load i18n %}<p>Hello {{ name }}</p><button title="Close it">{% translate "Go" %}'
        "</button>{% blocktranslate %}Fine {{ x }}{% endblocktranslate %}"
        '<script>const a = "not shown";</script><span translate="no">Asia/Kolkata</span>'
    )
    assert unmarked_in_template(template) == {"Hello", "Close", "it"}
    script = (
        'node.textContent = "Your turn"; say(`Well played`); key === "Escape";\n'
        'console.info("offline engine ready"); // a comment\nimport "./state.js";'
    )
    assert unmarked_in_script(script) == {"Your turn", "Well played"}


@pytest.mark.parametrize("path", our_templates(), ids=lambda path: str(path.relative_to(ROOT)))
def test_a_template_shows_no_word_unmarked_for_translation(path):
    assert unmarked_in_template(path.read_text()) == set()


@pytest.mark.parametrize("path", our_scripts(), ids=lambda path: str(path.relative_to(ROOT)))
def test_a_script_holds_no_words_for_people(path):
    assert unmarked_in_script(path.read_text()) == set()
