"""The synthetic payload generator: deterministic, Apify-shaped, scalable."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from synth import EXAMPLES, KINDS, deep_items, dumps_file, generate, main

ROOT = Path(__file__).resolve().parents[2]

# sha256 of dumps_file(generate(kind, 3, seed=7)), identical on CPython 3.10-3.13 when
# pinned. A change here means every committed example and measurement changes too.
GOLDEN = {
    "actor-runs": "657702206b59d8d8973cf3053aafdae9761baa1900aba6d349aca9bcd284a53b",
    "datasets": "fc7535062dbbc42396892fb1fa3ebd012f5d1f557e0c10fae4a56f2e5ef73ae4",
    "datasets-schema": "d8a085793ca5805bdf43e5f1bcfe062b1fc2fdce4595b86553e28aac4578521b",
    "kv-stores": "682f584ecae0faa481c93b68a25dcc9afcc5da23978716b9c471e90016f63ef1",
    "kv-stores-schema": "0eb39400af661d78bf01ab791d18a17615c3939eb63863353a3bd6b8a7360e0d",
    "kv-keys": "898a4dbd9c830478cde70d58e129d73a10b6b41a9056f9419e0713105d8fb113",
    "places": "c6caf3d509cb74e595d0e2cdd8b2d33fd20e004388450cd605d5a09296d8bb08",
    "web-pages": "986a29f84727c6dcc8edff6472ad501694b5b350bf738c1864549915775c9159",
    "social-posts": "d959749e3caa7e2d8c64fb0cdf722a1d29f53f77b0d4d80c214809af98b62f48",
}


def _items(value: Any) -> list[Any]:
    return value["data"]["items"] if isinstance(value, dict) else value


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=-1) if value else 0
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=-1) if value else 0
    return 0


@pytest.mark.parametrize("kind", list(KINDS))
def test_same_seed_same_bytes_on_every_python(kind: str) -> None:
    text = dumps_file(generate(kind, 3, seed=7))
    assert text == dumps_file(generate(kind, 3, seed=7))
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[kind]


@pytest.mark.parametrize("kind", list(KINDS))
def test_different_seeds_differ(kind: str) -> None:
    assert dumps_file(generate(kind, 5, seed=1)) != dumps_file(generate(kind, 5, seed=2))


@pytest.mark.parametrize("kind", list(KINDS))
def test_rows_scale_with_n(kind: str) -> None:
    small, large = generate(kind, 10), generate(kind, 40)
    assert len(_items(small)) == 10
    assert len(_items(large)) == 40
    ratio = len(json.dumps(large)) / len(json.dumps(small))
    assert 2.5 < ratio < 6, ratio


def test_committed_examples_are_up_to_date() -> None:
    assert main(["--check", "--out", str(ROOT / "examples" / "apify")]) == 0
    committed = sorted(p for p in (ROOT / "examples" / "apify").rglob("*.json"))
    assert len(committed) == len(EXAMPLES)
    assert sum(p.stat().st_size for p in committed) < 500_000


def test_check_reports_drift(tmp_path: Path) -> None:
    assert main(["--out", str(tmp_path)]) == 0
    victim = next(tmp_path.rglob("*.json"))
    victim.write_text("{}\n", encoding="utf-8")
    assert main(["--check", "--out", str(tmp_path)]) == 1


def test_envelopes() -> None:
    for kind in ("actor-runs", "datasets", "kv-stores"):
        data = generate(kind, 7)["data"]
        assert list(data)[:5] == ["total", "offset", "limit", "count", "desc"]
        assert data["count"] == len(data["items"]) == 7
        assert data["total"] >= 7
    keys = generate("kv-keys", 4)["data"]
    assert set(keys) == {
        "items",
        "count",
        "limit",
        "exclusiveStartKey",
        "isTruncated",
        "nextExclusiveStartKey",
    }
    assert all(set(row) == {"key", "size", "recordPublicUrl"} for row in keys["items"])


def test_run_rows_follow_the_runshort_schema() -> None:
    expected = {
        "id", "actId", "userId", "actorTaskId", "status", "startedAt", "finishedAt",
        "buildId", "buildNumber", "meta", "usageTotalUsd", "defaultKeyValueStoreId",
        "defaultDatasetId", "defaultRequestQueueId",
    }  # fmt: skip
    for row in _items(generate("actor-runs", 30)):
        assert set(row) == expected
        assert set(row["meta"]) == {"origin", "clientIp", "userAgent", "scheduleId", "scheduledAt"}
        assert (row["finishedAt"] is None) == (row["status"] == "RUNNING")


@pytest.mark.parametrize("kind", ["datasets-schema", "kv-stores-schema"])
@pytest.mark.parametrize("n", [1, 2, 7, 20])
def test_exactly_half_the_rows_carry_a_nested_schema(kind: str, n: int) -> None:
    rows = _items(generate(kind, n, seed=n))
    with_schema = [row for row in rows if "schema" in row]
    assert len(with_schema) == n // 2
    assert all(
        isinstance(row["schema"], dict) and _depth(row["schema"]) >= 3 for row in with_schema
    )
    plain = _items(generate(kind.removesuffix("-schema"), n))
    assert not any("schema" in row for row in plain)


def test_place_records() -> None:
    rows = generate("places", 12)
    for row in rows:
        assert 55 <= len(row) <= 70
        assert row["restaurantData"] == {}
        assert isinstance(row["location"], dict)
        assert all(isinstance(r, dict) for r in row["reviews"])
    assert any(" " in key for row in rows for key in row["additionalInfo"])
    assert any(r["reviewContext"] == {} for row in rows for r in row["reviews"])


def test_web_pages_are_prose() -> None:
    rows = generate("web-pages", 4)
    for row in rows:
        assert set(row) == {"crawl", "searchResult", "metadata", "markdown"}
        assert row["markdown"].startswith("# ")
        # prose dominates the bytes of a page
        assert len(row["markdown"]) > 0.7 * len(json.dumps(row))


def test_social_posts_are_heterogeneous() -> None:
    rows = generate("social-posts", 30)
    shapes = {tuple(row) for row in rows}
    assert len(shapes) > 5
    assert {"Image", "Sidecar", "Video"} <= {row["type"] for row in rows}


@pytest.mark.parametrize("depth", [2, 9, 20, 21])
def test_deep_items_depth(depth: int) -> None:
    rows = deep_items(5, depth)
    assert len(rows) == 5
    assert _depth(rows) == depth


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        generate("nope", 1)
    with pytest.raises(ValueError, match="n must be"):
        generate("places", -1)
    with pytest.raises(ValueError, match="depth"):
        deep_items(1, 1)


def test_kind_option_prints_one_payload(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--kind", "kv-keys", "-n", "3", "--seed", "5"]) == 0
    assert capsys.readouterr().out == dumps_file(generate("kv-keys", 3, seed=5))
