"""A small configurable dot-flatten: correct by default, and the broken variants (mutants)
the property suite must catch.

Each flag turns on one realistic bug, most of them seen in the original design or in the
flatten libraries users know (../shared/design/FACTS.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prop_oracles import ecma

from toon_picker import FlattenError

MAX_DEPTH = 20


@dataclass(frozen=True)
class Bugs:
    drop_empty_objects: bool = False  # {"a":{}} -> {} (the original design's silent loss)
    first_dot_only: bool = False  # name.replace(".", "_", 1)
    no_collision_check: bool = False  # later member silently overwrites
    collision_at_leaf_only: bool = False  # the original design: only when a leaf is written
    depth_limit: int = MAX_DEPTH  # 21 or 19: off by one
    arrays_do_not_count: bool = False  # depth counted per object level only
    collision_before_depth: bool = False  # reports key-collision although too deep
    sorted_keys: bool = False  # output members sorted instead of depth-first input order


def make_flatten(bugs: Bugs) -> Callable[[Any], Any]:
    def depth(value: Any) -> int:
        if isinstance(value, dict):
            return 1 + max(map(depth, value.values())) if value else 0
        if isinstance(value, list):
            if not value:
                return 0
            return max(map(depth, value)) + (0 if bugs.arrays_do_not_count else 1)
        return 0

    def rename(name: str) -> str:
        name = ecma(name)  # spec 2.2: a surrogate pair held as two code points is one character
        return name.replace(".", "_", 1) if bugs.first_dot_only else name.replace(".", "_")

    def flat(value: Any) -> Any:
        if isinstance(value, list):
            return [flat(v) for v in value]
        if not isinstance(value, dict):
            return ecma(value) if isinstance(value, str) else value
        out: dict[str, Any] = {}
        written: set[str] = set()

        def merge(obj: dict[str, Any], prefix: str) -> None:
            seen: set[str] = set()
            for name, child in obj.items():
                key = rename(name)
                if key in seen and not (bugs.no_collision_check or bugs.collision_at_leaf_only):
                    raise FlattenError("key-collision", "$", f"{name!r} collides")
                seen.add(key)
                full = prefix + key
                if isinstance(child, dict) and child:
                    merge(child, full + ".")
                elif isinstance(child, dict) and bugs.drop_empty_objects:
                    continue
                else:
                    if bugs.collision_at_leaf_only and full in written:
                        raise FlattenError("key-collision", "$", f"{full!r} written twice")
                    written.add(full)
                    out[full] = flat(child)

        merge(value, "")
        return dict(sorted(out.items())) if bugs.sorted_keys else out

    def flatten(value: Any) -> Any:
        if bugs.collision_before_depth:
            result = flat(value)
            if depth(value) > bugs.depth_limit:
                raise FlattenError("depth-exceeded", "$", "too deep")
            return result
        if depth(value) > bugs.depth_limit:
            raise FlattenError("depth-exceeded", "$", "too deep")
        return flat(value)

    return flatten
