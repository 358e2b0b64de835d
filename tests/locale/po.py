"""Just enough of a gettext .po reader for the catalogue tests."""

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    context: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def entries(path: Path) -> list[Entry]:
    """Every entry but the header (the one with an empty msgid)."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry, part = Entry(), None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
                continue
            if line.startswith("#~"):
                entry.obsolete = True
                line = line[2:].strip()
            if not line or line.startswith("#"):
                continue
            keyword, _, rest = line.partition(" ")
            if line.startswith('"'):
                text = ast.literal_eval(line)
            else:
                part, text = keyword, ast.literal_eval(rest)
                if part.startswith("msgstr"):
                    entry.msgstr.append("")
            if part == "msgctxt":
                entry.context = (entry.context or "") + text
            elif part == "msgid":
                entry.msgid += text
            elif part == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + text
            elif part and part.startswith("msgstr"):
                entry.msgstr[-1] += text
        if entry.msgid:
            found.append(entry)
    return found
