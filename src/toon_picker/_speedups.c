/* _speedups: the compiled twin of the data-model check and dot-flatten (spec 2, 4).
 *
 * The rules are defined in Python, in _payload.check and _flatten.flatten_checked; this
 * file repeats them only for "plain" payloads, in one recursive pass, and hands every
 * other payload back (returns None) so that the reference path decides and reports. It
 * answers only for exact dict, list, str, int, float, bool and None, str member names
 * without surrogates, finite floats, depth at most MAX_DEPTH and, when flattening, no two
 * names that normalise alike. _twin.py wraps it; the conformance corpus and the
 * differential property in tests/property/test_twin.py check that it agrees with the
 * reference on every payload it answers for.
 *
 * Why recursion is safe: every call goes one level deeper, and a value deeper than
 * MAX_DEPTH hands the payload back, so at most MAX_DEPTH + 1 frames are ever live (a
 * cycle is infinitely deep, so it is handed back too).
 *
 * Why borrowed references are not trusted: no Python code runs for exact built-in types,
 * but an allocation may start the garbage collector, whose finalizers could change the
 * payload. So every member and item is held with a new reference while it is used, and
 * a dict or list whose size changes during the walk hands the payload back.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

/* Must equal _payload.MAX_DEPTH; _twin.py refuses the module when it does not. */
#define MAX_DEPTH 20

/* Paths are recorded for up to PATHS_MAX floats, and beyond that while at most one leaf
 * in PATHS_SHARE is such a float: the JSON writer respells them through their paths,
 * which pays while they are few; the bound keeps a payload of floats from paying a tuple
 * for each. */
#define PATHS_MAX 4096
#define PATHS_SHARE 8

/* Results of a step: go on, hand the payload back, or a Python error is set. */
#define OK 0
#define HAND_BACK 1
#define ERROR (-1)

typedef struct {
    PyObject *ecma_floats; /* set of the floats whose text is not repr's (float_is_plain) */
    PyObject *float_paths; /* list of the paths (tuples of names and indices) where those
                              floats stand, in document order; None past PATHS_MAX */
    Py_ssize_t leaves;     /* names and values that are not containers, walked so far */
    int path_len;          /* the path of the value being walked: */
    PyObject *path_name[MAX_DEPTH + 1]; /* a member name (borrowed, held by the walk) */
    Py_ssize_t path_index[MAX_DEPTH + 1]; /* or, where the name is NULL, an item index */
    int big_ints;          /* an int outside [-2**63, 2**64) was seen */
    int depth;             /* depth of the deepest value so far (the root is 0) */
    int refuse_dots;       /* hand back at any member name holding "." */
    Py_ssize_t last_size;  /* members of the last flat object made: the next one's size */
    PyObject *root;        /* the level of the root object and of rows of the root list */
    PyObject *levels;      /* flat name of an object -> the level of its members */
    PyObject *rows;        /* flat name of a list -> the level of its rows */
    PyObject *dot;         /* the string "." */
    PyObject *underscore;  /* the string "_" */
} Walk;

/* True when a str holds a surrogate code point (lone or a split pair: both are the
 * reference's to handle). One-byte strings cannot hold one. */
static int
has_surrogate(PyObject *s)
{
    Py_ssize_t i, n = PyUnicode_GET_LENGTH(s);
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    if (kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *d = data;
        for (i = 0; i < n; i++)
            if ((d[i] & 0xF800) == 0xD800)
                return 1;
    }
    else if (kind == PyUnicode_4BYTE_KIND) {
        const Py_UCS4 *d = data;
        for (i = 0; i < n; i++)
            if (d[i] >= 0xD800 && d[i] <= 0xDFFF)
                return 1;
    }
    return 0;
}

/* True when a str (without surrogates) holds ".". */
static int
has_dot(PyObject *s)
{
    if (PyUnicode_KIND(s) == PyUnicode_1BYTE_KIND)
        return memchr(PyUnicode_DATA(s), '.', PyUnicode_GET_LENGTH(s)) != NULL;
    return PyUnicode_FindChar(s, '.', 0, PyUnicode_GET_LENGTH(s), 1) >= 0;
}

/* Record the path of the value being walked in float_paths (while under PATHS_MAX). */
static int
note_path(Walk *w)
{
    PyObject *path;
    int i;
    if (w->float_paths == Py_None)
        return 0;
    if (PyList_GET_SIZE(w->float_paths) >= PATHS_MAX &&
        PyList_GET_SIZE(w->float_paths) * PATHS_SHARE >= w->leaves) {
        Py_SETREF(w->float_paths, Py_NewRef(Py_None));
        return 0;
    }
    path = PyTuple_New(w->path_len);
    if (path == NULL)
        return -1;
    for (i = 0; i < w->path_len; i++) {
        PyObject *step = w->path_name[i] ? Py_NewRef(w->path_name[i])
                                         : PyLong_FromSsize_t(w->path_index[i]);
        if (step == NULL) {
            Py_DECREF(path);
            return -1;
        }
        PyTuple_SET_ITEM(path, i, step);
    }
    i = PyList_Append(w->float_paths, path);
    Py_DECREF(path);
    return i;
}

/* The walk goes down to a member (`name`) or an item (`name` NULL, `index`). The depth
 * bound keeps the path within its arrays: a value at depth d has a path of d steps. */
#define PATH_PUSH(w, name, index)                                                      \
    ((w)->path_name[(w)->path_len] = (name), (w)->path_index[(w)->path_len] = (index),   \
     (w)->path_len++)
#define PATH_POP(w) ((w)->path_len--)

/* A value that is not a container: note what _payload.check notes, or hand back. */
static int
leaf(Walk *w, PyObject *o)
{
    PyTypeObject *t = Py_TYPE(o);
    w->leaves++;
    if (t == &PyUnicode_Type) {
#if PY_VERSION_HEX < 0x030C0000
        if (PyUnicode_READY(o) < 0)
            return ERROR;
#endif
        return has_surrogate(o) ? HAND_BACK : OK;
    }
    if (t == &PyLong_Type) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (v == -1 && PyErr_Occurred())
            return ERROR;
        if (overflow < 0)
            w->big_ints = 1; /* below -2**63 */
        else if (overflow > 0) {
            /* Above 2**63 - 1: still in range while it fits 64 unsigned bits. */
            unsigned long long u = PyLong_AsUnsignedLongLong(o);
            if (u == (unsigned long long)-1 && PyErr_Occurred()) {
                if (!PyErr_ExceptionMatches(PyExc_OverflowError))
                    return ERROR;
                PyErr_Clear();
                w->big_ints = 1;
            }
        }
        return OK;
    }
    if (t == &PyFloat_Type) {
        double x = PyFloat_AS_DOUBLE(o), a = fabs(x);
        if (!isfinite(x))
            return HAND_BACK; /* the reference names it: not a JSON number */
        /* float_is_plain: 1e-4 <= |x| < 1e16 and not integral */
        if (!(a >= 1e-4 && a < 1e16 && floor(x) != x))
            if (PySet_Add(w->ecma_floats, o) < 0 || note_path(w) < 0)
                return ERROR;
        return OK;
    }
    if (o == Py_None || o == Py_True || o == Py_False)
        return OK;
    return HAND_BACK; /* a subclass, a tuple, or what default= would convert */
}

/* Note that a container at `depth` has children (at depth + 1). */
static int
deeper(Walk *w, int depth)
{
    if (depth + 1 > w->depth)
        w->depth = depth + 1;
    return depth + 1 > MAX_DEPTH ? HAND_BACK : OK;
}

/* ---- check only ---------------------------------------------------------------- */

static int check_value(Walk *w, PyObject *o, int depth);

/* A dict or list at `depth`: its members or items sit at depth + 1. */
static int
check_container(Walk *w, PyObject *node, int depth)
{
    int r = OK;
    if (PyDict_CheckExact(node)) {
        Py_ssize_t pos = 0, size = PyDict_GET_SIZE(node);
        PyObject *key, *child;
        if (size && (r = deeper(w, depth)) != OK)
            return r;
        while (r == OK && PyDict_Next(node, &pos, &key, &child)) {
            Py_INCREF(key);
            Py_INCREF(child);
            if (!PyUnicode_CheckExact(key))
                r = HAND_BACK; /* the reference reports (or accepts) other names */
            else
                r = check_value(w, key, depth + 1);
            if (r == OK) {
                PATH_PUSH(w, key, 0);
                r = check_value(w, child, depth + 1);
                PATH_POP(w);
            }
            Py_DECREF(key);
            Py_DECREF(child);
            if (r == OK && PyDict_GET_SIZE(node) != size)
                r = HAND_BACK; /* changed during the walk */
        }
        return r;
    }
    /* an exact list */
    Py_ssize_t i, size = PyList_GET_SIZE(node);
    if (size && (r = deeper(w, depth)) != OK)
        return r;
    for (i = 0; r == OK && i < PyList_GET_SIZE(node); i++) {
        PyObject *item = PyList_GET_ITEM(node, i);
        Py_INCREF(item);
        PATH_PUSH(w, NULL, i);
        r = check_value(w, item, depth + 1);
        PATH_POP(w);
        Py_DECREF(item);
    }
    if (r == OK && PyList_GET_SIZE(node) != size)
        r = HAND_BACK;
    return r;
}

static int
check_value(Walk *w, PyObject *o, int depth)
{
    if (PyDict_CheckExact(o) || PyList_CheckExact(o))
        return check_container(w, o, depth);
    return leaf(w, o);
}

/* ---- check and flatten ----------------------------------------------------------- */

/* Flat names are made once per call, not once per row. A "level" describes the objects
 * found at one place of the payload: a list of
 *   [L_PREFIX] the prefix of their members' flat names, "P." for objects under the flat
 *              name P, None where names stay as they are (the root, rows of a list);
 *   [L_NAMES]  a dict: member name (normalised) -> flat name;
 *   [L_MEMO_*] the i-th member seen first there: its name, flat name and the level of
 *              its members (None until needed). Rows of a list mostly hold the same
 *              names in the same order, so the i-th member is first compared by identity
 *              (the memo holds a reference, so an equal pointer is the same string).
 * Levels are only a cache: a level is defined by its prefix alone. */
enum { L_PREFIX, L_NAMES, L_MEMO_NAME, L_MEMO_FULL, L_MEMO_LEVEL, L_SIZE };
#define LEVEL(level, part) PyList_GET_ITEM((level), (part))

/* New reference to a new level for the members named prefix + name (prefix may be NULL). */
static PyObject *
new_level(PyObject *prefix)
{
    PyObject *level = PyList_New(L_SIZE);
    int i;
    if (level == NULL)
        return NULL;
    PyList_SET_ITEM(level, L_PREFIX, Py_NewRef(prefix ? prefix : Py_None));
    PyList_SET_ITEM(level, L_NAMES, PyDict_New());
    for (i = L_MEMO_NAME; i < L_SIZE; i++)
        PyList_SET_ITEM(level, i, PyList_New(0));
    for (i = 0; i < L_SIZE; i++)
        if (LEVEL(level, i) == NULL) {
            Py_DECREF(level); /* list_dealloc skips the NULL items */
            return NULL;
        }
    return level;
}

/* Borrowed reference to the level kept in `cache` under `full` (the flat name of an
 * object, whose members are named full + "."; or of a list, whose rows keep names). */
static PyObject *
cached_level(Walk *w, PyObject *cache, PyObject *full, int rows)
{
    PyObject *level = PyDict_GetItemWithError(cache, full), *prefix = NULL;
    if (level != NULL || PyErr_Occurred())
        return level;
    if (!rows && (prefix = PyUnicode_Concat(full, w->dot)) == NULL)
        return NULL;
    level = new_level(prefix);
    Py_XDECREF(prefix);
    if (level == NULL || PyDict_SetItem(cache, full, level) < 0) {
        Py_XDECREF(level);
        return NULL;
    }
    Py_DECREF(level); /* the cache holds it */
    return level;
}

/* The flat name (*full, a new reference) of the i-th member, `name` normalised to `key`,
 * of an object at `level`; and, when `members` is not NULL, the level of its own members
 * (borrowed). */
static int
name_at(Walk *w, PyObject *level, Py_ssize_t i, PyObject *name, PyObject *key,
        PyObject **full, PyObject **members)
{
    PyObject *memo_name = LEVEL(level, L_MEMO_NAME), *prefix = LEVEL(level, L_PREFIX);
    int memo = i < PyList_GET_SIZE(memo_name) && PyList_GET_ITEM(memo_name, i) == name;
    if (memo)
        *full = Py_NewRef(PyList_GET_ITEM(LEVEL(level, L_MEMO_FULL), i));
    else if (prefix == Py_None)
        *full = Py_NewRef(key);
    else {
        PyObject *names = LEVEL(level, L_NAMES);
        *full = PyDict_GetItemWithError(names, key);
        if (*full != NULL)
            Py_INCREF(*full);
        else if (PyErr_Occurred() || (*full = PyUnicode_Concat(prefix, key)) == NULL ||
                 PyDict_SetItem(names, key, *full) < 0)
            goto error;
    }
    if (!memo && i == PyList_GET_SIZE(memo_name)) { /* the first object here sets the memo */
        if (PyList_Append(memo_name, name) < 0 ||
            PyList_Append(LEVEL(level, L_MEMO_FULL), *full) < 0 ||
            PyList_Append(LEVEL(level, L_MEMO_LEVEL), Py_None) < 0)
            goto error;
        memo = 1;
    }
    if (members != NULL) {
        PyObject *known = memo ? PyList_GET_ITEM(LEVEL(level, L_MEMO_LEVEL), i) : Py_None;
        *members = known != Py_None ? known : cached_level(w, w->levels, *full, 0);
        if (*members == NULL)
            goto error;
        if (memo && known == Py_None)
            PyList_SetItem(LEVEL(level, L_MEMO_LEVEL), i, Py_NewRef(*members));
    }
    return OK;
error:
    Py_CLEAR(*full);
    return ERROR;
}

static int flat_value(Walk *w, PyObject *o, int depth, PyObject *name, PyObject **out);

/* _flatten._merge: write the members of `obj` (at `depth`) into `out`, named from
 * `level`. A name with a dot is renamed ("." -> "_"); two names of one object that
 * normalise alike are a key-collision, which the reference reports. */
static int
merge(Walk *w, PyObject *obj, PyObject *level, PyObject *out, int depth)
{
    Py_ssize_t pos = 0, i = 0, size = PyDict_GET_SIZE(obj);
    PyObject *name, *child, *renamed = NULL; /* renamed: normalised names of dotted ones */
    int r = deeper(w, depth);
    for (; r == OK && PyDict_Next(obj, &pos, &name, &child); i++) {
        PyObject *key = NULL, *full = NULL, *flat = NULL, *members = NULL;
        int nested;
        Py_INCREF(name);
        Py_INCREF(child);
        if (!PyUnicode_CheckExact(name) || (r = leaf(w, name)) != OK) {
            r = r == ERROR ? ERROR : HAND_BACK;
            goto next;
        }
        if (has_dot(name)) { /* rare: most names are kept as they are */
            if (w->refuse_dots) {
                r = HAND_BACK; /* dotted-name */
                goto next;
            }
            key = PyUnicode_Replace(name, w->dot, w->underscore, -1);
            if (key == NULL) {
                r = ERROR;
                goto next;
            }
            /* key-collision: another member already has this name, or another dotted one
             * normalised to it (spec 4.3) */
            int clash = PyDict_Contains(obj, key);
            if (clash == 0 && renamed != NULL)
                clash = PySet_Contains(renamed, key);
            if (clash == 0 && renamed == NULL && (renamed = PySet_New(NULL)) == NULL)
                clash = -1;
            if (clash == 0)
                clash = PySet_Add(renamed, key);
            r = clash < 0 ? ERROR : clash > 0 ? HAND_BACK : OK;
            if (r != OK)
                goto next;
        }
        nested = PyDict_CheckExact(child) && PyDict_GET_SIZE(child);
        r = name_at(w, level, i, name, key ? key : name, &full, nested ? &members : NULL);
        if (r != OK)
            goto next;
        PATH_PUSH(w, name, 0);
        if (nested)
            r = merge(w, child, members, out, depth + 1);
        else {
            r = flat_value(w, child, depth + 1, full, &flat);
            if (r == OK && PyDict_SetItem(out, full, flat) < 0)
                r = ERROR;
        }
        PATH_POP(w);
    next:
        Py_XDECREF(flat);
        Py_XDECREF(full);
        Py_XDECREF(key);
        Py_DECREF(name);
        Py_DECREF(child);
        if (r == OK && PyDict_GET_SIZE(obj) != size)
            r = HAND_BACK;
    }
    Py_XDECREF(renamed);
    return r;
}

/* _flatten._flatten: *out receives a new reference to the flat form of `o` (at `depth`):
 * a new dict or list for containers (an empty object stays an empty object), `o`
 * itself for a leaf. `name` is the flat name `o` stands under (NULL for the root): the
 * rows of a list found there share a level. */
static int
flat_value(Walk *w, PyObject *o, int depth, PyObject *name, PyObject **out)
{
    int r = OK;
    *out = NULL;
    if (PyDict_CheckExact(o)) {
        /* Rows of a list are mostly alike: sized as the last one, a row never grows. */
        PyObject *flat = _PyDict_NewPresized(PyDict_GET_SIZE(o) ? w->last_size : 0);
        if (flat == NULL)
            return ERROR;
        if (PyDict_GET_SIZE(o))
            r = merge(w, o, w->root, flat, depth);
        if (r != OK) {
            Py_DECREF(flat);
            return r;
        }
        w->last_size = PyDict_GET_SIZE(flat);
        *out = flat;
        return OK;
    }
    if (PyList_CheckExact(o)) {
        Py_ssize_t i, size = PyList_GET_SIZE(o);
        PyObject *flat, *rows = NULL; /* the level of the rows, found at the first one */
        if (size && (r = deeper(w, depth)) != OK)
            return r;
        flat = PyList_New(size);
        if (flat == NULL)
            return ERROR;
        for (i = 0; r == OK && i < size; i++) {
            PyObject *item, *made = NULL;
            if (PyList_GET_SIZE(o) != size) {
                r = HAND_BACK;
                break;
            }
            item = PyList_GET_ITEM(o, i);
            Py_INCREF(item);
            PATH_PUSH(w, NULL, i);
            if (PyDict_CheckExact(item) && PyDict_GET_SIZE(item)) {
                if (rows == NULL)
                    rows = name ? cached_level(w, w->rows, name, 1) : w->root;
                made = rows ? _PyDict_NewPresized(w->last_size) : NULL;
                r = made == NULL ? ERROR : merge(w, item, rows, made, depth + 1);
                if (r == OK)
                    w->last_size = PyDict_GET_SIZE(made);
            }
            else
                r = flat_value(w, item, depth + 1, name, &made);
            PATH_POP(w);
            Py_DECREF(item);
            if (r == OK)
                PyList_SET_ITEM(flat, i, made); /* steals made */
            else
                Py_XDECREF(made);
        }
        if (r == OK && PyList_GET_SIZE(o) != size)
            r = HAND_BACK;
        if (r != OK) {
            Py_DECREF(flat); /* unset slots are NULL, which list_dealloc skips */
            return r;
        }
        *out = flat;
        return OK;
    }
    r = leaf(w, o);
    if (r == OK)
        *out = Py_NewRef(o);
    return r;
}

/* ---- module ---------------------------------------------------------------------- */

PyDoc_STRVAR(check_doc,
"check(value, flatten, refuse_dots)\n"
"-> (depth, ecma_floats, big_ints, flat, float_paths) or None\n\n"
"`float_paths` lists where each float of `ecma_floats` stands (a tuple of member names\n"
"and item indices), in document order, or is None when there are more than PATHS_MAX\n"
"and more than one leaf in PATHS_SHARE.\n"
"The data-model check of a plain payload (and its dot-flattening when `flatten` is\n"
"true; `flat` is None otherwise). None hands the payload back to the reference path:\n"
"anything but exact built-in JSON types, a surrogate, a non-finite float, depth over\n"
"MAX_DEPTH, a change during the walk and, when flattening, two names that normalise\n"
"alike or (with `refuse_dots`) any name holding a dot.");

static PyObject *
speedups_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    Walk w = {0};
    PyObject *flat = NULL, *result = NULL;
    int flatten, r;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "check() takes 3 arguments");
        return NULL;
    }
    if ((flatten = PyObject_IsTrue(args[1])) < 0 ||
        (w.refuse_dots = PyObject_IsTrue(args[2])) < 0)
        return NULL;
    w.ecma_floats = PySet_New(NULL);
    w.float_paths = PyList_New(0);
    w.root = new_level(NULL);
    w.levels = PyDict_New();
    w.rows = PyDict_New();
    w.dot = PyUnicode_FromString(".");
    w.underscore = PyUnicode_FromString("_");
    if (!w.ecma_floats || !w.float_paths || !w.root || !w.levels || !w.rows || !w.dot || !w.underscore)
        goto done;
    r = flatten ? flat_value(&w, args[0], 0, NULL, &flat) : check_value(&w, args[0], 0);
    if (r == ERROR)
        goto done;
    if (r == HAND_BACK) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    result = Py_BuildValue("(iOOOO)", w.depth, w.ecma_floats, w.big_ints ? Py_True : Py_False,
                           flat ? flat : Py_None, w.float_paths);
done:
    Py_XDECREF(flat);
    Py_XDECREF(w.ecma_floats);
    Py_XDECREF(w.float_paths);
    Py_XDECREF(w.root);
    Py_XDECREF(w.levels);
    Py_XDECREF(w.rows);
    Py_XDECREF(w.dot);
    Py_XDECREF(w.underscore);
    return result;
}

static PyMethodDef speedups_methods[] = {
    {"check", (PyCFunction)(void (*)(void))speedups_check, METH_FASTCALL, check_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT, "toon_picker._speedups",
    "The compiled twin of _payload.check and _flatten.flatten_checked (see _twin.py).",
    -1, speedups_methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    PyObject *m = PyModule_Create(&speedups_module);
    if (m != NULL && (PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH) < 0 ||
                      PyModule_AddIntConstant(m, "PATHS_MAX", PATHS_MAX) < 0 ||
                      PyModule_AddIntConstant(m, "PATHS_SHARE", PATHS_SHARE) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
