"""Flet screens: the table screen, the phones, and shared widgets. No rules, no storage."""
