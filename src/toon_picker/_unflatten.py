"""unflatten (spec section 5): rebuild nested objects from dotted keys."""

from __future__ import annotations

from typing import Any

from ._errors import Faults, UnflattenError
from ._payload import MAX_DEPTH, JSONValue, _Link, _path, check

__all__ = ["unflatten"]

_ABSENT = object()


def unflatten(value: Any) -> JSONValue:
    """The inverse of flatten: split each member name on ``.`` and nest.

    >>> unflatten({"id": 1, "stats.runs": 10, "tags": {}})
    {'id': 1, 'stats': {'runs': 10}, 'tags': {}}

    Raises UnflattenError: ``not-flat`` (a member value is a non-empty object),
    ``path-conflict`` (a key is both a leaf and a prefix of another key) or
    ``depth-exceeded`` (the result would be deeper than MAX_DEPTH), checked in that order.
    """
    return _Builder().run(check(value).value)


class _Builder:
    """One iterative pass over the input (any depth), noting the first error of each kind."""

    def __init__(self) -> None:
        self.faults = Faults("unflatten", UnflattenError)
        # Objects created to hold a prefix: only these may receive more members.
        # A {} leaf from the input is a value and cannot become a prefix.
        self.branches: set[int] = set()
        # (source, target, input path, depth of target in the result)
        self.todo: list[tuple[Any, Any, _Link, int]] = []

    def run(self, value: JSONValue) -> JSONValue:
        root = self.make(value, None, 0)
        while self.todo:
            source, target, link, depth = self.todo.pop()
            if isinstance(target, dict):
                self.fill_object(source, target, link, depth)
            else:
                for index, item in enumerate(source):
                    target.append(self.make(item, (link, index), depth + 1))
        self.faults.raise_first()
        return root

    def make(self, value: JSONValue, link: _Link, depth: int) -> JSONValue:
        """A fresh copy of ``value`` placed at ``depth`` in the result; containers are
        filled later from the work list."""
        if depth > MAX_DEPTH and "depth-exceeded" not in self.faults:
            self.faults.note(
                "depth-exceeded",
                _path(link),
                f"the result would be nested deeper than MAX_DEPTH={MAX_DEPTH}",
            )
        if isinstance(value, dict):
            made: dict[str, JSONValue] = {}
            if value:
                self.todo.append((value, made, link, depth))
            return made
        if isinstance(value, list):
            made_list: list[JSONValue] = []
            self.todo.append((value, made_list, link, depth))
            return made_list
        return value

    def fill_object(
        self, source: dict[str, JSONValue], target: dict[str, JSONValue], link: _Link, depth: int
    ) -> None:
        for key, child in source.items():
            child_link = (link, key)
            if isinstance(child, dict) and child:
                if "not-flat" not in self.faults:
                    self.faults.note(
                        "not-flat", _path(child_link), "member value is a non-empty object"
                    )
                continue
            *heads, last = key.split(".")
            node = target
            level = depth
            for index, segment in enumerate(heads):
                level += 1
                existing = node.get(segment, _ABSENT)
                if existing is _ABSENT:
                    branch: dict[str, JSONValue] = {}
                    self.branches.add(id(branch))
                    node[segment] = branch
                    node = branch
                elif isinstance(existing, dict) and id(existing) in self.branches:
                    node = existing
                else:
                    prefix = ".".join(heads[: index + 1])
                    self.conflict(
                        child, child_link, f"{prefix!r} is a value and a prefix of {key!r}"
                    )
                    break
            else:
                if last in node:
                    self.conflict(
                        child, child_link, f"{key!r} is a value and a prefix of another key"
                    )
                else:
                    node[last] = self.make(child, child_link, level + 1)

    def conflict(self, child: JSONValue, link: _Link, detail: str) -> None:
        if "path-conflict" not in self.faults:
            self.faults.note("path-conflict", _path(link), detail)
        # The value has no place in the result, but not-flat outranks path-conflict over
        # the whole input (spec 5.4, 7.3), so it is still searched: copied nowhere.
        self.make(child, link, 0)
