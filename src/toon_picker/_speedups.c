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

/* Must equal _payload.MAX_DEPTH; _twin.py refuses the module when it does not. */
#define MAX_DEPTH 20

/* Results of a step: go on, hand the payload back, or a Python error is set. */
#define OK 0
#define HAND_BACK 1
#define ERROR (-1)

typedef struct {
    PyObject *ecma_floats; /* set of the floats whose text is not repr's (float_is_plain) */
    int big_ints;          /* an int outside [-2**63, 2**64) was seen */
    int depth;             /* depth of the deepest value so far (the root is 0) */
    int refuse_dots;       /* hand back at any member name holding "." */
    PyObject *joined;      /* prefix -> {key: prefix + key}: one string per flat name */
    PyObject *dotted;      /* flat name -> flat name + ".": the prefix of its members */
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

/* A value that is not a container: note what _payload.check notes, or hand back. */
static int
leaf(Walk *w, PyObject *o)
{
    PyTypeObject *t = Py_TYPE(o);
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
            if (PySet_Add(w->ecma_floats, o) < 0)
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
            if (r == OK)
                r = check_value(w, child, depth + 1);
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
        r = check_value(w, item, depth + 1);
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

/* New reference to prefix + key, the same string object for every row that has it. */
static PyObject *
joined_name(Walk *w, PyObject *prefix, PyObject *key)
{
    PyObject *level, *full;
    if (prefix == NULL) {
        Py_INCREF(key);
        return key;
    }
    level = PyDict_GetItemWithError(w->joined, prefix);
    if (level == NULL) {
        if (PyErr_Occurred())
            return NULL;
        level = PyDict_New();
        if (level == NULL || PyDict_SetItem(w->joined, prefix, level) < 0) {
            Py_XDECREF(level);
            return NULL;
        }
        Py_DECREF(level); /* w->joined holds it */
    }
    full = PyDict_GetItemWithError(level, key);
    if (full != NULL) {
        Py_INCREF(full);
        return full;
    }
    if (PyErr_Occurred())
        return NULL;
    full = PyUnicode_Concat(prefix, key);
    if (full == NULL || PyDict_SetItem(level, key, full) < 0) {
        Py_XDECREF(full);
        return NULL;
    }
    return full;
}

/* Borrowed reference to full + ".", the prefix of the members of an object under full. */
static PyObject *
member_prefix(Walk *w, PyObject *full)
{
    PyObject *prefix = PyDict_GetItemWithError(w->dotted, full);
    if (prefix != NULL || PyErr_Occurred())
        return prefix;
    prefix = PyUnicode_Concat(full, w->dot);
    if (prefix == NULL || PyDict_SetItem(w->dotted, full, prefix) < 0) {
        Py_XDECREF(prefix);
        return NULL;
    }
    Py_DECREF(prefix); /* w->dotted holds it */
    return prefix;
}

static int flat_value(Walk *w, PyObject *o, int depth, PyObject **out);

/* _flatten._merge: write the members of `obj` (at `depth`) into `out` under `prefix`
 * (NULL for none). A name with a dot is renamed ("." -> "_"); two names of one object
 * that normalise alike are a key-collision, which the reference reports. */
static int
merge(Walk *w, PyObject *obj, PyObject *prefix, PyObject *out, int depth)
{
    Py_ssize_t pos = 0, size = PyDict_GET_SIZE(obj);
    PyObject *name, *child, *renamed = NULL; /* renamed: normalised names of dotted ones */
    int r = deeper(w, depth);
    while (r == OK && PyDict_Next(obj, &pos, &name, &child)) {
        PyObject *key, *full = NULL, *flat = NULL;
        Py_INCREF(name);
        Py_INCREF(child);
        if (!PyUnicode_CheckExact(name) || (r = leaf(w, name)) != OK) {
            r = r == ERROR ? ERROR : HAND_BACK;
            goto next;
        }
        Py_ssize_t found = PyUnicode_FindChar(name, '.', 0, PyUnicode_GET_LENGTH(name), 1);
        if (found == -2) {
            r = ERROR;
            goto next;
        }
        if (found >= 0) {
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
            if (r == OK)
                full = joined_name(w, prefix, key);
            Py_DECREF(key);
        }
        else
            full = joined_name(w, prefix, name);
        if (r != OK || full == NULL) {
            r = r != OK ? r : ERROR;
            goto next;
        }
        if (PyDict_CheckExact(child) && PyDict_GET_SIZE(child)) {
            PyObject *inner = member_prefix(w, full);
            r = inner == NULL ? ERROR : merge(w, child, inner, out, depth + 1);
        }
        else {
            r = flat_value(w, child, depth + 1, &flat);
            if (r == OK && PyDict_SetItem(out, full, flat) < 0)
                r = ERROR;
        }
    next:
        Py_XDECREF(flat);
        Py_XDECREF(full);
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
 * itself for a leaf. */
static int
flat_value(Walk *w, PyObject *o, int depth, PyObject **out)
{
    int r = OK;
    *out = NULL;
    if (PyDict_CheckExact(o)) {
        PyObject *flat = PyDict_New();
        if (flat == NULL)
            return ERROR;
        if (PyDict_GET_SIZE(o))
            r = merge(w, o, NULL, flat, depth);
        if (r != OK) {
            Py_DECREF(flat);
            return r;
        }
        *out = flat;
        return OK;
    }
    if (PyList_CheckExact(o)) {
        Py_ssize_t i, size = PyList_GET_SIZE(o);
        PyObject *flat;
        if (size && (r = deeper(w, depth)) != OK)
            return r;
        flat = PyList_New(size);
        if (flat == NULL)
            return ERROR;
        for (i = 0; r == OK && i < size; i++) {
            PyObject *item, *made;
            if (PyList_GET_SIZE(o) != size) {
                r = HAND_BACK;
                break;
            }
            item = PyList_GET_ITEM(o, i);
            Py_INCREF(item);
            r = flat_value(w, item, depth + 1, &made);
            Py_DECREF(item);
            if (r == OK)
                PyList_SET_ITEM(flat, i, made); /* steals made */
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
    if (r == OK) {
        Py_INCREF(o);
        *out = o;
    }
    return r;
}

/* ---- module ---------------------------------------------------------------------- */

PyDoc_STRVAR(check_doc,
"check(value, flatten, refuse_dots) -> (depth, ecma_floats, big_ints, flat) or None\n\n"
"The data-model check of a plain payload (and its dot-flattening when `flatten` is\n"
"true; `flat` is None otherwise). None hands the payload back to the reference path:\n"
"anything but exact built-in JSON types, a surrogate, a non-finite float, depth over\n"
"MAX_DEPTH, a change during the walk and, when flattening, two names that normalise\n"
"alike or (with `refuse_dots`) any name holding a dot.");

static PyObject *
speedups_check(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    Walk w = {0};
    PyObject *flat = NULL, *floats = NULL, *result = NULL;
    int flatten, r;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "check() takes 3 arguments");
        return NULL;
    }
    if ((flatten = PyObject_IsTrue(args[1])) < 0 ||
        (w.refuse_dots = PyObject_IsTrue(args[2])) < 0)
        return NULL;
    w.ecma_floats = PySet_New(NULL);
    w.joined = PyDict_New();
    w.dotted = PyDict_New();
    w.dot = PyUnicode_FromString(".");
    w.underscore = PyUnicode_FromString("_");
    if (!w.ecma_floats || !w.joined || !w.dotted || !w.dot || !w.underscore)
        goto done;
    r = flatten ? flat_value(&w, args[0], 0, &flat) : check_value(&w, args[0], 0);
    if (r == ERROR)
        goto done;
    if (r == HAND_BACK) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    floats = PyFrozenSet_New(w.ecma_floats);
    if (floats == NULL)
        goto done;
    result = Py_BuildValue("(iOOO)", w.depth, floats, w.big_ints ? Py_True : Py_False,
                           flat ? flat : Py_None);
done:
    Py_XDECREF(flat);
    Py_XDECREF(floats);
    Py_XDECREF(w.ecma_floats);
    Py_XDECREF(w.joined);
    Py_XDECREF(w.dotted);
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
    if (m != NULL && PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
