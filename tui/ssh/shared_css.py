"""One cache of parsed CSS for every app in the server process.

Textual keeps parsed CSS per app, and parses the whole stylesheet again (every widget's
default CSS included) each time a screen brings CSS the app has not seen: a session's first
table cost about half a second of the server's one core in parsing alone, the same text every
other session had parsed already. ``share_parsed_css`` makes every app in the process look up
the rules of a piece of CSS in one shared cache first. The key holds everything the rules
depend on: the CSS text, where it was read from, its place and scope, and the CSS variables
(the theme) it was parsed with. Rules with errors are never cached, so an app reports its own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from tui.textual_internals import (
    replace_stylesheet_rule_parser,
    stylesheet_rule_parser,
    stylesheet_variables,
)

#: Parsed CSS kept (a piece of CSS is a file or one widget class's default CSS; an app uses
#: a few dozen, and every session uses the same).
CACHE_SIZE = 512

_cache: OrderedDict[tuple[Any, ...], list[RuleSet]] = OrderedDict()
_original_parse_rules = stylesheet_rule_parser()

#: The variables' part of the key, by the variables' mapping: an app's stylesheet parses a
#: few dozen pieces with one mapping, and a key made of a theme's hundred and fifty variables
#: is worth making once. Each entry keeps its mapping, so that the ``id`` it is found by
#: cannot name another mapping while it is kept; Textual replaces a stylesheet's variables
#: (``Stylesheet.set_variables``) and never changes them in place.
_variables_keys: dict[int, tuple[Mapping[str, str], frozenset[tuple[str, str]]]] = {}
VARIABLES_KEYS_KEPT = 64


def share_parsed_css() -> None:
    """Make every Textual stylesheet in this process use the shared cache (once is enough)."""
    replace_stylesheet_rule_parser(_parse_rules_shared)


def cached_pieces() -> int:
    """How many pieces of parsed CSS the shared cache holds."""
    return len(_cache)


def _parse_rules_shared(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (
        css,
        read_from,
        is_default_rules,
        tie_breaker,
        scope,
        _variables_key(stylesheet_variables(self)),
    )
    rules = _cache.get(key)
    if rules is not None:
        _cache.move_to_end(key)
        return list(rules)
    rules = _original_parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
    if not any(rule.errors for rule in rules):
        _cache[key] = list(rules)
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return rules


def _variables_key(variables: Mapping[str, str]) -> frozenset[tuple[str, str]]:
    kept = _variables_keys.get(id(variables))
    if kept is not None and kept[0] is variables:
        return kept[1]
    key = frozenset(variables.items())
    if len(_variables_keys) >= VARIABLES_KEYS_KEPT:
        _variables_keys.clear()
    _variables_keys[id(variables)] = (variables, key)
    return key
