"""Deterministic synthetic payloads shaped like Apify API responses and Actor outputs.

The shapes follow the public Apify OpenAPI schemas and Actor README examples described in
``../shared/fixtures/apify/README.md``; no value is copied from those files. Every
generator takes ``n`` (rows) and a ``seed``; the same arguments give the same value, on
every Python version: only ``random.Random(int)`` with ``random()``, ``randrange`` and
``choice`` on tuples is used (stable since Python 3.2), no set or hash-dependent order,
and floats are rounded before they enter a payload.

Run ``python examples/synth.py --out examples/apify`` to (re)write the bundled
example set; ``--check`` compares instead of writing.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from random import Random
from typing import Any

__all__ = [
    "EXAMPLES",
    "KINDS",
    "deep_items",
    "example_files",
    "generate",
    "main",
]

JSON = Any  # a JSON value built from dict/list/str/int/float/bool/None

_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
# 2026-05-01T00:00:00Z: every timestamp is this plus a drawn offset.
_EPOCH = 1777593600


def _id(rng: Random, length: int = 17) -> str:
    return "".join(_ALNUM[rng.randrange(62)] for _ in range(length))


def _digits(rng: Random, length: int) -> str:
    return str(rng.randrange(1, 10)) + "".join(str(rng.randrange(10)) for _ in range(length - 1))


def _time(rng: Random, start: int = 0, span: int = 30 * 86400) -> tuple[int, str]:
    """A timestamp (seconds offset, ISO text with milliseconds) in [start, start + span)."""
    offset = start + rng.randrange(span)
    millis = rng.randrange(1000)
    stamp = datetime.fromtimestamp(_EPOCH + offset, tz=timezone.utc)
    return offset, stamp.strftime("%Y-%m-%dT%H:%M:%S") + f".{millis:03d}Z"


def _envelope(items: list[JSON], *, total: int | None = None, **extra: JSON) -> JSON:
    data: dict[str, JSON] = {
        "total": len(items) if total is None else total,
        "offset": 0,
        "limit": 1000,
        "count": len(items),
        "desc": False,
    }
    data.update(extra)
    data["items"] = items
    return {"data": data}


# --- prose --------------------------------------------------------------------------

_WORDS = [
    "the",
    "data",
    "platform",
    "crawler",
    "scrapes",
    "pages",
    "from",
    "websites",
    "and",
    "stores",
    "results",
    "in",
    "datasets",
    "agents",
    "call",
    "tools",
    "through",
    "a",
    "protocol",
    "that",
    "returns",
    "structured",
    "content",
    "to",
    "language",
    "models",
    "each",
    "run",
    "has",
    "storage",
    "logs",
    "and",
    "a",
    "status",
    "while",
    "actors",
    "scale",
    "with",
    "memory",
    "and",
    "proxy",
    "settings",
    "developers",
    "build",
    "scrapers",
    "with",
    "crawlee",
    "playwright",
    "puppeteer",
    "or",
    "plain",
    "http",
    "requests",
    "markdown",
    "text",
    "is",
    "extracted",
    "from",
    "html",
    "after",
    "removing",
    "navigation",
    "footers",
    "and",
    "cookie",
    "banners",
    "search",
    "results",
    "are",
    "ranked",
    "by",
    "relevance",
    "then",
    "fetched",
    "in",
    "parallel",
    "under",
    "a",
    "time",
    "budget",
    "schedules",
    "trigger",
    "runs",
    "webhooks",
    "notify",
    "integrations",
    "and",
    "the",
    "api",
    "exposes",
    "everything",
    "pricing",
    "depends",
    "on",
    "compute",
    "units",
    "results",
    "events",
    "and",
    "the",
    "plan",
    "of",
    "the",
    "account",
    "owner",
]
_TOPICS = (
    "Web scraping",
    "Data extraction",
    "Browser automation",
    "Proxy rotation",
    "Retrieval for LLMs",
    "Scheduling runs",
    "Storage and datasets",
    "Anti-blocking",
    "Pricing",
    "Integrations",
)
_DOMAINS = (
    "docs.example.org",
    "blog.example.com",
    "news.example.net",
    "github.com",
    "en.wikipedia.org",
    "dev.example.io",
    "forum.example.com",
)


def _sentence(rng: Random, low: int = 7, high: int = 22) -> str:
    words = [_WORDS[rng.randrange(len(_WORDS))] for _ in range(rng.randrange(low, high))]
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice((".", ".", ".", "?", "!"))


def _paragraph(rng: Random, sentences: int) -> str:
    return " ".join(_sentence(rng) for _ in range(sentences))


def _markdown(rng: Random, title: str, sections: int) -> str:
    parts = [f"# {title}", _paragraph(rng, rng.randrange(2, 5))]
    for _ in range(sections):
        parts.append(f"## {rng.choice(_TOPICS)}")
        parts.append(_paragraph(rng, rng.randrange(3, 7)))
        kind = rng.randrange(4)
        if kind == 0:
            parts.append("\n".join(f"- {_sentence(rng, 3, 9)}" for _ in range(rng.randrange(3, 7))))
        elif kind == 1:
            link = f"https://{rng.choice(_DOMAINS)}/{_id(rng, 8).lower()}"
            parts.append(f"See [{rng.choice(_TOPICS).lower()}]({link}) for details.")
        elif kind == 2:
            parts.append("```bash\nnpm install crawlee playwright\n```")
    return "\n\n".join(parts)


# --- Apify API lists ------------------------------------------------------------------

_RUN_STATUS = ("SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "FAILED", "RUNNING", "ABORTED", "TIMED-OUT")
_ORIGINS = ("WEB", "API", "SCHEDULER", "DEVELOPMENT", "ACTOR", "WEBHOOK")
_USER_AGENTS = (
    "ApifyClient/2.9.3 (linux; Node/v20.11.0); isAtHome/false",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0",
    "python-requests/2.32.3",
)


def actor_runs(n: int, seed: int = 0) -> JSON:
    """GET /v2/actor-runs: RunShort rows with a nested ``meta``."""
    rng = Random(seed)
    acts = [_id(rng) for _ in range(max(1, n // 10))]
    user = _id(rng)
    items = []
    for _ in range(n):
        status = rng.choice(_RUN_STATUS)
        start, started = _time(rng)
        origin = rng.choice(_ORIGINS)
        scheduled = origin == "SCHEDULER"
        items.append(
            {
                "id": _id(rng),
                "actId": rng.choice(tuple(acts)),
                "userId": user,
                "actorTaskId": _id(rng) if rng.random() < 0.3 else None,
                "status": status,
                "startedAt": started,
                "finishedAt": None if status == "RUNNING" else _time(rng, start, 3600)[1],
                "buildId": _id(rng),
                "buildNumber": f"0.{rng.randrange(4)}.{rng.randrange(1, 80)}",
                "meta": {
                    "origin": origin,
                    "clientIp": f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}"
                    if origin in ("WEB", "API")
                    else None,
                    "userAgent": rng.choice(_USER_AGENTS) if origin in ("WEB", "API") else None,
                    "scheduleId": _id(rng) if scheduled else None,
                    "scheduledAt": _time(rng)[1] if scheduled else None,
                },
                "usageTotalUsd": round((u := rng.random()) * u * u * 0.5, 8),
                "defaultKeyValueStoreId": _id(rng),
                "defaultDatasetId": _id(rng),
                "defaultRequestQueueId": _id(rng),
            }
        )
    return _envelope(items, total=n + rng.randrange(50))


def _dataset_schema(rng: Random) -> JSON:
    """A user-declared dataset schema (Actor ``dataset_schema.json``), depth 6 inside."""
    fields = rng.choice(
        (("title", "url", "price"), ("name", "rating", "address"), ("text", "author", "likes"))
    )
    return {
        "actorSpecification": 1,
        "fields": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {
                f: {"type": "number" if f in ("price", "rating", "likes") else "string"}
                for f in fields
            },
            "required": [fields[0]],
        },
        "views": {
            "overview": {
                "title": "Overview",
                "transformation": {"fields": list(fields)},
                "display": {
                    "component": "table",
                    "properties": {
                        f: {"label": f.capitalize(), "format": "number" if f == "price" else "text"}
                        for f in fields
                    },
                },
            }
        },
    }


def _kv_schema(rng: Random) -> JSON:
    """A user-declared key-value store schema with collections."""
    collections: dict[str, JSON] = {}
    for name, prefix, types in (
        ("screenshots", "screenshot-", ["image/png", "image/jpeg"]),
        ("reports", "report-", ["application/json"]),
        ("exports", "export-", ["text/csv"]),
    )[: rng.randrange(1, 4)]:
        collections[name] = {
            "title": name.capitalize(),
            "contentTypes": types,
            "keyPrefix": prefix,
            "jsonSchema": {"type": "object"} if types == ["application/json"] else None,
        }
    return {
        "actorKeyValueStoreSchemaVersion": 1,
        "title": rng.choice(("Run outputs", "Crawler state", "Exports")),
        "collections": collections,
    }


def _half(rng: Random, n: int) -> list[bool]:
    """Exactly ``n // 2`` True flags at drawn positions (a Fisher-Yates shuffle)."""
    flags = [i < n // 2 for i in range(n)]
    for i in range(n - 1, 0, -1):
        j = rng.randrange(i + 1)
        flags[i], flags[j] = flags[j], flags[i]
    return flags


def datasets(n: int, seed: int = 0, *, schema: bool = False) -> JSON:
    """GET /v2/datasets: with ``schema=True`` exactly half the rows carry a nested ``schema``."""
    rng = Random(seed)
    user, username = _id(rng), rng.choice(("janedoe", "acme-data", "scraper-team"))
    flags = _half(rng, n) if schema else [False] * n
    items = []
    for i in range(n):
        created, created_at = _time(rng)
        named = rng.random() < 0.4
        row: dict[str, JSON] = {
            "id": _id(rng),
            "name": f"{rng.choice(('eshop', 'places', 'posts', 'pages'))}-items-{i}"
            if named
            else None,
            "userId": user,
            "createdAt": created_at,
            "modifiedAt": _time(rng, created, 86400)[1],
            "accessedAt": _time(rng, created + 86400, 86400)[1],
            "itemCount": (count := rng.randrange(0, 5000)),
            "cleanItemCount": count - rng.randrange(0, min(count, 20) + 1),
            "actId": _id(rng) if not named else None,
            "actRunId": _id(rng) if not named else None,
            "title": f"Dataset {i}" if named else None,
            "username": username,
            "generalAccess": rng.choice(
                ("RESTRICTED", "ANYONE_WITH_ID_CAN_READ", "FOLLOW_USER_SETTING")
            ),
            "stats": {
                "readCount": rng.randrange(0, 300),
                "writeCount": rng.randrange(1, 50),
                "storageBytes": (stored := rng.randrange(100, 5_000_000)),
                "inflatedBytes": stored * rng.randrange(1, 4),
            },
        }
        if flags[i]:
            row["schema"] = _dataset_schema(rng)
        items.append(row)
    return _envelope(items, unnamed=False)


def kv_stores(n: int, seed: int = 0, *, schema: bool = False) -> JSON:
    """GET /v2/key-value-stores: with ``schema=True`` half the rows carry a nested ``schema``."""
    rng = Random(seed)
    user, username = _id(rng), rng.choice(("janedoe", "acme-data", "scraper-team"))
    flags = _half(rng, n) if schema else [False] * n
    items = []
    for i in range(n):
        store = _id(rng)
        created, created_at = _time(rng)
        named = rng.random() < 0.4
        row: dict[str, JSON] = {
            "id": store,
            "name": f"store-{i}" if named else None,
            "userId": user,
            "username": username,
            "createdAt": created_at,
            "modifiedAt": _time(rng, created, 86400)[1],
            "accessedAt": _time(rng, created + 86400, 86400)[1],
            "actId": _id(rng) if not named else None,
            "actRunId": _id(rng) if not named else None,
            "consoleUrl": f"https://console.apify.com/storage/key-value-stores/{store}",
            "keysPublicUrl": f"https://api.apify.com/v2/key-value-stores/{store}/keys"
            f"?signature={_id(rng, 22)}",
            "recordsPublicUrl": f"https://api.apify.com/v2/key-value-stores/{store}/records",
            "generalAccess": rng.choice(("RESTRICTED", "ANYONE_WITH_ID_CAN_READ")),
            "stats": {
                "readCount": rng.randrange(0, 300),
                "writeCount": rng.randrange(1, 50),
                "deleteCount": rng.randrange(0, 5),
                "listCount": rng.randrange(0, 20),
                "storageBytes": rng.randrange(100, 5_000_000),
            },
        }
        if flags[i]:
            row["schema"] = _kv_schema(rng)
        items.append(row)
    return _envelope(items, unnamed=False)


def kv_keys(n: int, seed: int = 0) -> JSON:
    """GET /v2/key-value-stores/{id}/keys: the key-list envelope (no total/offset)."""
    rng = Random(seed)
    store = _id(rng)
    signature = _id(rng, 22)
    keys = []
    for i in range(n):
        prefix = rng.choice(("INPUT", "OUTPUT", "screenshot", "page", "state", "report"))
        key = prefix if prefix in ("INPUT", "OUTPUT") and i < 2 else f"{prefix}-{i:05d}"
        keys.append(
            {
                "key": key,
                "size": rng.randrange(16, 400_000),
                "recordPublicUrl": f"https://api.apify.com/v2/key-value-stores/{store}/records/{key}?signature={signature}",
            }
        )
    limit = max(n, 1)
    return {
        "data": {
            "items": keys,
            "count": n,
            "limit": limit,
            "exclusiveStartKey": None,
            "isTruncated": rng.random() < 0.5,
            "nextExclusiveStartKey": keys[-1]["key"] if keys else None,
        }
    }


# --- Actor dataset items --------------------------------------------------------------

_CATEGORIES = (
    "Chinese restaurant",
    "Pizza restaurant",
    "Coffee shop",
    "Bakery",
    "Hardware store",
    "Dentist",
    "Pet adoption service",
    "Museum",
    "Hotel",
    "Gym",
)
_STREETS = ("Main St", "Oak Ave", "Elm St", "Broadway", "Maple Rd", "Hill St", "Park Ave")
_CITIES = (
    ("Staten Island", "New York", "US", "NY"),
    ("Prague", None, "CZ", None),
    ("Austin", "Texas", "US", "TX"),
    ("Berlin", None, "DE", None),
    ("Lyon", None, "FR", None),
)
_NAMES = (
    "Kim",
    "Golden",
    "Corner",
    "Blue Door",
    "Harbor",
    "Little",
    "Old Town",
    "Sunrise",
    "Maple",
    "Riverside",
)
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_INFO = (
    ("Service options", ("Takeout", "Dine-in", "Delivery", "Curbside pickup")),
    ("Accessibility", ("Wheelchair accessible entrance", "Wheelchair accessible seating")),
    ("Offerings", ("Comfort food", "Healthy options", "Quick bite", "Small plates")),
    ("Dining options", ("Lunch", "Dinner", "Dessert")),
    ("Amenities", ("Restroom", "Wi-Fi")),
    ("Atmosphere", ("Casual", "Cozy")),
    ("Payments", ("Credit cards", "Debit cards", "NFC mobile payments")),
    ("Children", ("Good for kids",)),
)
_PEOPLE = ("Ana Novak", "Rocco Castellano", "Mei Lin", "Sam Patel", "Jo Berg", "Luis Ortega")


def _place(rng: Random, index: int) -> JSON:
    """One Google-Maps-like place record (68 top-level fields, like compass 2024)."""
    city, state, country, abbrev = rng.choice(_CITIES)
    number = rng.randrange(1, 999)
    street = f"{number} {rng.choice(_STREETS)}"
    postal = _digits(rng, 5)
    category = rng.choice(_CATEGORIES)
    title = f"{rng.choice(_NAMES)} {category.split()[0]} {index}"
    place_id = "ChIJ" + _id(rng, 23)
    lat = round(rng.random() * 120 - 60, 7)
    lng = round(rng.random() * 340 - 170, 7)
    host = title.lower().replace(" ", "") + ".example.com"
    reviews_count = rng.randrange(0, 2000)
    dist = [rng.randrange(0, max(1, reviews_count // 3 + 1)) for _ in range(5)]
    score = round(1 + 4 * rng.random(), 1) if reviews_count else None
    query = title.replace(" ", "%20")
    review_tags = [
        {"title": _WORDS[rng.randrange(len(_WORDS))], "count": rng.randrange(1, 30)}
        for _ in range(rng.randrange(0, 6))
    ]
    info: dict[str, JSON] = {}
    for group, options in _INFO:
        if rng.random() < 0.7:
            info[group] = [{option: rng.random() < 0.8} for option in options if rng.random() < 0.7]
    reviews = []
    for _ in range(rng.randrange(2, 9)):
        reviewer = _digits(rng, 21)
        stars = rng.randrange(1, 6)
        review: dict[str, JSON] = {
            "name": rng.choice(_PEOPLE),
            "text": _paragraph(rng, rng.randrange(1, 4)) if rng.random() < 0.85 else None,
            "textTranslated": None,
            "publishAt": rng.choice(("a week ago", "a month ago", "3 months ago", "a year ago")),
            "publishedAtDate": _time(rng, -400 * 86400, 400 * 86400)[1],
            "likesCount": rng.randrange(0, 12),
            "reviewId": "Ch" + _id(rng, 34),
            "reviewUrl": "https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1s"
            + _id(rng, 20),
            "reviewerId": reviewer,
            "reviewerUrl": f"https://www.google.com/maps/contrib/{reviewer}",
            "reviewerPhotoUrl": f"https://lh3.googleusercontent.com/a-/{_id(rng, 30)}",
            "reviewerNumberOfReviews": rng.randrange(1, 400),
            "isLocalGuide": rng.random() < 0.4,
            "reviewOrigin": "Google",
            "stars": stars,
            "rating": None,
            "responseFromOwnerDate": None,
            "responseFromOwnerText": None,
            "reviewImageUrls": [],
            # Real items carry an empty object here on most reviews.
            "reviewContext": {} if rng.random() < 0.7 else {"Meal type": "Lunch"},
            "reviewDetailedRating": {
                k: rng.randrange(1, 6) for k in ("Food", "Service", "Atmosphere")
            },
        }
        reviews.append(review)
    images = [
        {
            "imageUrl": f"https://lh5.googleusercontent.com/p/{_id(rng, 40)}",
            "authorName": rng.choice(_PEOPLE),
            "authorUrl": f"https://maps.google.com/maps/contrib/{_digits(rng, 21)}",
            "uploadedAt": _time(rng, -900 * 86400, 900 * 86400)[1],
        }
        for _ in range(rng.randrange(1, 5))
    ]
    return {
        "searchString": f"{category.lower()} in {city}",
        "rank": index + 1,
        "searchPageUrl": "https://www.google.com/maps/search/"
        + f"{category.lower()} in {city}".replace(" ", "+"),
        "searchPageLoadedUrl": None,
        "isAdvertisement": rng.random() < 0.05,
        "title": title,
        "subTitle": None,
        "description": _sentence(rng) if rng.random() < 0.3 else None,
        "price": rng.choice(("$", "$$", "$10-20", "$20-30", None)),
        "categoryName": category,
        "address": f"{street}, {city}{', ' + abbrev if abbrev else ''} {postal}",
        "neighborhood": rng.choice(("Tottenville", "Downtown", "Old Town", "Riverside", None)),
        "street": street,
        "city": city,
        "postalCode": postal,
        "state": state,
        "countryCode": country,
        "website": f"http://{host}/" if rng.random() < 0.8 else None,
        "phone": f"({_digits(rng, 3)}) {_digits(rng, 3)}-{_digits(rng, 4)}",
        "phoneUnformatted": "+1" + _digits(rng, 10),
        "claimThisBusiness": rng.random() < 0.2,
        "location": {"lat": lat, "lng": lng},
        "locatedIn": None,
        "plusCode": f"{_id(rng, 4).upper()}+{_id(rng, 2).upper()} {city}",
        "menu": f"http://{host}/menu" if "restaurant" in category else None,
        "totalScore": score,
        "permanentlyClosed": False,
        "temporarilyClosed": rng.random() < 0.03,
        "placeId": place_id,
        "categories": [category] + ([rng.choice(_CATEGORIES)] if rng.random() < 0.5 else []),
        "fid": f"0x{_id(rng, 16).lower()}:0x{_id(rng, 16).lower()}",
        "cid": _digits(rng, 19),
        "reviewsCount": reviews_count,
        "reviewsDistribution": dict(
            zip(("oneStar", "twoStar", "threeStar", "fourStar", "fiveStar"), dist, strict=True)
        ),
        "imagesCount": rng.randrange(0, 300),
        "imageCategories": ["All", "Menu", "Food & drink", "Vibe", "By owner"][
            : rng.randrange(1, 6)
        ],
        "scrapedAt": _time(rng)[1],
        "reserveTableUrl": None,
        "googleFoodUrl": None,
        "hotelStars": None,
        "hotelDescription": None,
        "checkInDate": None,
        "checkOutDate": None,
        "similarHotelsNearby": None,
        "hotelReviewSummary": None,
        "hotelAds": [],
        "openingHours": [
            {
                "day": day,
                "hours": rng.choice(
                    ("Closed", "11 AM to 9:30 PM", "7 AM to 5 PM", "Open 24 hours")
                ),
            }
            for day in _DAYS
        ],
        "peopleAlsoSearch": [
            {
                "category": "People also search for",
                "title": f"{rng.choice(_NAMES)} {rng.choice(_CATEGORIES)}",
                "reviewsCount": rng.randrange(1, 500),
                "totalScore": round(1 + 4 * rng.random(), 1),
            }
            for _ in range(rng.randrange(0, 5))
        ],
        "placesTags": [],
        "reviewsTags": review_tags,
        "additionalInfo": info,
        "gasPrices": [],
        "questionsAndAnswers": [],
        "updatesFromCustomers": None,
        "ownerUpdates": [],
        "url": f"https://www.google.com/maps/search/?api=1&query={query}&query_place_id={place_id}",
        "imageUrl": images[0]["imageUrl"],
        "kgmid": "/g/" + _id(rng, 9).lower(),
        "webResults": [],
        "parentPlaceUrl": None,
        "tableReservationLinks": [],
        "bookingLinks": [],
        "orderBy": [{"name": host, "orderUrl": f"http://{host}/"}] if rng.random() < 0.4 else [],
        "images": images,
        "imageUrls": [image["imageUrl"] for image in images],
        "reviews": reviews,
        "userPlaceNote": None,
        # Real items carry an empty object here (silently lost by naive flatteners).
        "restaurantData": {},
    }


def places(n: int, seed: int = 0) -> JSON:
    """compass/crawler-google-places dataset items: a top-level array of place records."""
    rng = Random(seed)
    return [_place(rng, i) for i in range(n)]


def web_pages(n: int, seed: int = 0, *, sections: int = 6) -> JSON:
    """apify/rag-web-browser dataset items: prose-heavy markdown pages."""
    rng = Random(seed)
    items = []
    for _ in range(n):
        topic = rng.choice(_TOPICS)
        domain = rng.choice(_DOMAINS)
        url = f"https://{domain}/{topic.lower().replace(' ', '-')}/{_id(rng, 6).lower()}"
        title = f"{topic}: {_sentence(rng, 3, 8).rstrip('.?!')}"
        crawl: dict[str, JSON] = {
            "httpStatusCode": 200,
            "httpStatusMessage": "OK",
            "loadedAt": _time(rng)[1],
            "uniqueKey": _id(rng, 10),
            "requestStatus": "handled",
        }
        if rng.random() < 0.5:
            crawl["debug"] = {
                "timeMeasures": [
                    {
                        "event": event,
                        "timeMs": rng.randrange(1, 3000),
                        "timeDeltaPrevMs": rng.randrange(1, 900),
                    }
                    for event in (
                        "request-received",
                        "before-cheerio-queue-add",
                        "cheerio-request-handler-start",
                        "before-response-send",
                    )
                ]
            }
        items.append(
            {
                "crawl": crawl,
                "searchResult": {"title": title, "description": _sentence(rng), "url": url},
                "metadata": {
                    "author": rng.choice(_PEOPLE) if rng.random() < 0.3 else None,
                    "title": title,
                    "description": _sentence(rng),
                    "keywords": ",".join(rng.choice(_WORDS) for _ in range(4))
                    if rng.random() < 0.5
                    else None,
                    "languageCode": "en",
                    "url": url,
                },
                "markdown": _markdown(
                    rng, title, rng.randrange(max(1, sections // 2), sections + 1)
                ),
            }
        )
    return items


_HASHTAGS = (
    "travel",
    "food",
    "tesla",
    "model3",
    "sunset",
    "coffee",
    "refugees",
    "bw",
    "sony",
    "city",
)


def social_posts(n: int, seed: int = 0) -> JSON:
    """apify/instagram-scraper post items: heterogeneous optional fields, nested comments."""
    rng = Random(seed)
    owners = [
        (_digits(rng, 10), f"user_{_id(rng, 6).lower()}", rng.choice(_PEOPLE))
        for _ in range(max(1, n // 4))
    ]
    items = []
    for _ in range(n):
        owner_id, username, full_name = rng.choice(tuple(owners))
        kind = rng.choice(("Image", "Image", "Sidecar", "Video"))
        code = _id(rng, 11)
        tags = [rng.choice(_HASHTAGS) for _ in range(rng.randrange(0, 5))]
        post: dict[str, JSON] = {}
        if rng.random() < 0.6:
            post["inputUrl"] = f"https://www.instagram.com/{username}"
        post["id"] = _digits(rng, 19)
        post["type"] = kind
        post["shortCode"] = code
        post["caption"] = _paragraph(rng, rng.randrange(1, 4)) + "".join(f" #{t}" for t in tags)
        post["hashtags"] = tags
        post["mentions"] = [f"user_{_id(rng, 5).lower()}" for _ in range(rng.randrange(0, 3))]
        post["url"] = f"https://www.instagram.com/p/{code}/"
        post["commentsCount"] = rng.randrange(0, 900)
        if rng.random() < 0.7:
            post["firstComment"] = _sentence(rng, 2, 10)
        post["latestComments"] = [
            {"ownerUsername": f"user_{_id(rng, 6).lower()}", "text": _sentence(rng, 3, 16)}
            for _ in range(rng.randrange(0, 4))
        ]
        post["dimensionsHeight"] = rng.choice((720, 1080, 1350))
        post["dimensionsWidth"] = 1080
        post["displayUrl"] = (
            f"https://scontent.cdninstagram.com/v/t51.2885-15/{_digits(rng, 18)}_n.jpg"
            f"?_nc_ht={_id(rng, 12)}&oh={_id(rng, 32)}"
        )
        post["images"] = []
        if rng.random() < 0.6:
            post["alt"] = f"Photo by {full_name}. May be an image of {rng.choice(_WORDS)} and text."
        post["likesCount"] = rng.randrange(0, 200_000)
        post["timestamp"] = _time(rng, -700 * 86400, 700 * 86400)[1]
        post["childPosts"] = []
        if kind == "Sidecar":
            post["displayResourceUrls"] = [
                f"https://scontent.cdninstagram.com/v/{_id(rng, 24)}.jpg"
                for _ in range(rng.randrange(2, 4))
            ]
        if kind == "Video":
            post["videoUrl"] = f"https://scontent.cdninstagram.com/v/{_id(rng, 24)}.mp4"
            post["videoViewCount"] = rng.randrange(0, 500_000)
            post["videoDuration"] = round(rng.random() * 60, 3)
            post["musicInfo"] = {
                "artist_name": rng.choice(_PEOPLE),
                "song_name": "Original audio",
                "uses_original_audio": True,
                "should_mute_audio": False,
            }
        if rng.random() < 0.4:
            post["locationName"] = (
                f"{rng.choice(_NAMES)} {rng.choice(('Park', 'Square', 'Gigafactory'))}"
            )
            post["locationId"] = _digits(rng, 16)
        post["ownerFullName"] = full_name
        post["ownerUsername"] = username
        post["ownerId"] = owner_id
        if rng.random() < 0.5:
            post["isCommentsDisabled"] = False
        if rng.random() < 0.3:
            post["taggedUsers"] = [
                {
                    "full_name": rng.choice(_PEOPLE),
                    "id": _digits(rng, 10),
                    "is_verified": rng.random() < 0.2,
                    "username": f"user_{_id(rng, 6).lower()}",
                }
                for _ in range(rng.randrange(1, 3))
            ]
        items.append(post)
    return items


def deep_items(n: int, depth: int, seed: int = 0) -> JSON:
    """``n`` rows whose deepest value sits at ``depth`` (root list = 0, row = 1).

    The benchmark workload of the design ("100-item payload at depth 9 / depth 20"):
    each row has a few scalars and a chain of nested objects down to ``depth``.
    """
    if depth < 2:
        raise ValueError("depth must be at least 2 (a row with a scalar member)")
    rng = Random(seed)
    items = []
    for i in range(n):
        leaf: JSON = {"value": rng.randrange(1000), "label": _id(rng, 6)}
        # row = 1, row.chain = 2, so the leaf's members sit at 3 + number of wrappers.
        for level in range(depth - 3, 0, -1):
            leaf = {f"level{level}": leaf, "n": level}
        row = {"id": i, "name": _id(rng, 8), "score": round(rng.random(), 4), "chain": leaf}
        if depth == 2:
            row = {"id": i, "name": _id(rng, 8), "score": round(rng.random(), 4)}
        items.append(row)
    return items


def datasets_schema(n: int, seed: int = 0) -> JSON:
    """Dataset list with a nested ``schema`` on exactly half the rows."""
    return datasets(n, seed, schema=True)


def kv_stores_schema(n: int, seed: int = 0) -> JSON:
    """Key-value store list with a nested ``schema`` on exactly half the rows."""
    return kv_stores(n, seed, schema=True)


KINDS: dict[str, Callable[[int, int], JSON]] = {
    "actor-runs": actor_runs,
    "datasets": datasets,
    "datasets-schema": datasets_schema,
    "kv-stores": kv_stores,
    "kv-stores-schema": kv_stores_schema,
    "kv-keys": kv_keys,
    "places": places,
    "web-pages": web_pages,
    "social-posts": social_posts,
}
"""Generator per payload kind: ``KINDS[kind](n, seed)``."""


def generate(kind: str, n: int, seed: int = 0) -> JSON:
    """The payload of ``kind`` with ``n`` rows (see :data:`KINDS`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose from {', '.join(KINDS)}")
    if n < 0:
        raise ValueError("n must be >= 0")
    return KINDS[kind](n, seed)


# The bundled example set: (group folder, kind, n). Groups are the MCP tool names of the
# design document, so `toon-picker report examples/apify` prints its per-tool table.
EXAMPLES: tuple[tuple[str, str, int], ...] = (
    ("get-actor-run-list", "actor-runs", 20),
    ("get-actor-run-list", "actor-runs", 100),
    ("get-dataset-list", "datasets", 20),
    ("get-dataset-list", "datasets-schema", 20),
    ("get-key-value-store-list", "kv-stores", 20),
    ("get-key-value-store-list", "kv-stores-schema", 20),
    ("get-key-value-store-keys", "kv-keys", 50),
    ("get-key-value-store-keys", "kv-keys", 200),
    ("get-dataset-items", "places", 10),
    ("get-dataset-items", "web-pages", 5),
    ("get-dataset-items", "social-posts", 20),
)


def _file_seed(seed: int, name: str) -> int:
    # crc32 is stable across runs and versions (str hash() is salted).
    return seed * 1_000_003 + zlib.crc32(name.encode())


def dumps_file(value: JSON) -> str:
    """The committed text of a payload: 2-space indented JSON, UTF-8, final newline."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def example_files(seed: int = 0, scale: float = 1.0) -> dict[str, str]:
    """Relative path -> file text of the example set (``scale`` multiplies every ``n``)."""
    files: dict[str, str] = {}
    for group, kind, n in EXAMPLES:
        rows = max(1, round(n * scale))
        name = f"{group}/{kind.replace('-', '_')}_{n}.json"
        files[name] = dumps_file(generate(kind, rows, _file_seed(seed, name)))
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python examples/synth.py",
        description="Write (or check) the synthetic Apify-shaped example payloads.",
    )
    parser.add_argument("--out", type=Path, default=Path("examples/apify"), help="target folder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check", action="store_true", help="compare with --out; exit 1 on drift")
    parser.add_argument("--kind", choices=tuple(KINDS), help="print one payload to stdout instead")
    parser.add_argument("-n", type=int, default=10, help="rows for --kind")
    args = parser.parse_args(argv)
    if args.kind:
        sys.stdout.write(dumps_file(generate(args.kind, args.n, args.seed)))
        return 0
    files = example_files(args.seed)
    drift = []
    for rel, text in files.items():
        path = args.out / rel
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                drift.append(rel)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    if args.check:
        for rel in drift:
            print(f"out of date: {args.out / rel}", file=sys.stderr)
        return 1 if drift else 0
    total = sum(len(text.encode()) for text in files.values())
    print(f"wrote {len(files)} files, {total} bytes, to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
