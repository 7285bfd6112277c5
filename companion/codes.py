"""Room codes: four letters that a phone types or scans to find a room at this table."""
from __future__ import annotations

import re
import secrets

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0 across a table
CODE_LENGTH = 4


def normalize_code(code: str) -> str:
    if type(code) is str and code.isalnum() and code.isupper():
        return code  # already a room's code: every screen asks hundreds of times a change
    return re.sub(r"\s+", "", str(code or "")).upper()


def new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code
