/* Macadam's move generator in C: the same moves, in the same order, as
 * python_movegen.py's ``python_pawn_moves``, from the same lines (lines.py).
 *
 * Nothing about the board or the rules is written here. ``configure`` hands over, once,
 * what movegen.py takes from lines.py: the PawnMove class, the shared PawnMove values of
 * every (start, end) pair, each square's four slide rays per seat (nearest square first,
 * empty off the seat's own half) and each square's jump lines per seat (square jumped
 * over, landing square; already limited to the board and to squares off the seat's own
 * goal). ``pawn_moves`` then walks those tables:
 *
 * - the pawns in square order (a1, b1 ... h8);
 * - per pawn, its slides ray by ray, each ray's squares up to the first taken one;
 * - then its jumps depth first, each jump a move of its own before the chains that go on
 *   from it: a jump goes over a pawn of the mover onto a square that is neither taken nor
 *   landed on earlier in the chain (the start counts as taken: the mover stands there).
 *
 * Slides and single jumps are the shared values; a chain is a new PawnMove(start, end,
 * via), ``via`` listing the squares landed on before ``end``.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SQUARES 64
#define SEATS 2
#define RAYS 4
#define MAX_RAY 8
#define MAX_LINES 8
/* A chain lands on distinct squares of one colour class of a parity lattice: at most 16. */
#define MAX_CHAIN 16

typedef struct {
    int8_t count;
    int8_t square[MAX_RAY];
} Ray;

typedef struct {
    int8_t count;
    int8_t over[MAX_LINES];
    int8_t land[MAX_LINES];
} Lines;

/* The lowest set square of a non-empty bitboard. */
static inline int
lowest_square(uint64_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(bits);
#else
    int square = 0;
    while (!(bits & 1)) {
        bits >>= 1;
        square++;
    }
    return square;
#endif
}

static PyTypeObject *pawn_move_type = NULL;
static PyObject *step_moves = NULL; /* tuple: index start * 64 + end */
static Ray rays[SEATS][SQUARES][RAYS];
static Lines lines[SEATS][SQUARES];

/* Read a sequence of small ints in [0, 64) into ``out``; at most ``limit`` of them. */
static int
read_squares(PyObject *seq, int8_t *out, int limit, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > limit) {
        PyErr_Format(PyExc_ValueError, "%s: more than %d squares", what, limit);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (value < 0 || value >= SQUARES) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is not a square", what, value);
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int8_t)value;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* ``item`` must be a sequence of exactly ``size`` items; a new reference to its fast form. */
static PyObject *
sized(PyObject *item, Py_ssize_t size, const char *what)
{
    PyObject *fast = PySequence_Fast(item, what);
    if (fast != NULL && PySequence_Fast_GET_SIZE(fast) != size) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, size);
        Py_CLEAR(fast);
    }
    return fast;
}

/* The tables being read by ``configure``, before they replace the ones in use. */
typedef struct {
    Ray rays[SEATS][SQUARES][RAYS];
    Lines lines[SEATS][SQUARES];
} Tables;

/* Reads the entry of one seat's square into ``tables``; -1 with an exception set if bad. */
typedef int (*SquareReader)(PyObject *entry, Tables *tables, int seat, int square);

/* Read ``all`` (per seat, per square) entry by entry with ``read``. */
static int
read_per_square(PyObject *all, const char *what, SquareReader read, Tables *tables)
{
    PyObject *seats = sized(all, SEATS, what);
    if (seats == NULL) {
        return -1;
    }
    int result = 0;
    for (int seat = 0; seat < SEATS && result == 0; seat++) {
        PyObject *squares = sized(PySequence_Fast_GET_ITEM(seats, seat), SQUARES, what);
        if (squares == NULL) {
            result = -1;
            break;
        }
        for (int square = 0; square < SQUARES && result == 0; square++) {
            result = read(PySequence_Fast_GET_ITEM(squares, square), tables, seat, square);
        }
        Py_DECREF(squares);
    }
    Py_DECREF(seats);
    return result;
}

/* A square's four slide rays. */
static int
read_rays(PyObject *entry, Tables *tables, int seat, int square)
{
    PyObject *four = sized(entry, RAYS, "rays");
    if (four == NULL) {
        return -1;
    }
    for (int way = 0; way < RAYS; way++) {
        Ray *ray = &tables->rays[seat][square][way];
        int n = read_squares(PySequence_Fast_GET_ITEM(four, way), ray->square, MAX_RAY, "ray");
        if (n < 0) {
            Py_DECREF(four);
            return -1;
        }
        ray->count = (int8_t)n;
    }
    Py_DECREF(four);
    return 0;
}

/* A square's jump lines: (square jumped over, landing square) pairs. */
static int
read_lines(PyObject *entry, Tables *tables, int seat, int square)
{
    PyObject *pairs = PySequence_Fast(entry, "lines");
    if (pairs == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(pairs);
    if (n > MAX_LINES) {
        PyErr_SetString(PyExc_ValueError, "lines: more than 8 from one square");
        Py_DECREF(pairs);
        return -1;
    }
    Lines *open = &tables->lines[seat][square];
    for (Py_ssize_t i = 0; i < n; i++) {
        int8_t pair[2];
        if (read_squares(PySequence_Fast_GET_ITEM(pairs, i), pair, 2, "line") != 2) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "line: expected (over, land)");
            }
            Py_DECREF(pairs);
            return -1;
        }
        open->over[i] = pair[0];
        open->land[i] = pair[1];
    }
    Py_DECREF(pairs);
    open->count = (int8_t)n;
    return 0;
}

static PyObject *
configure(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "configure(pawn_move, step_moves, rays, lines)");
        return NULL;
    }
    if (!PyType_Check(args[0]) || !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "pawn_move must be a tuple subclass");
        return NULL;
    }
    if (!PyTuple_Check(args[1]) || PyTuple_GET_SIZE(args[1]) != SQUARES * SQUARES) {
        PyErr_SetString(PyExc_TypeError, "step_moves must be a tuple of 4096 moves");
        return NULL;
    }
    /* Read into new tables, so that a refused configuration changes nothing. */
    static Tables next;
    if (read_per_square(args[2], "rays", read_rays, &next) < 0 ||
        read_per_square(args[3], "lines", read_lines, &next) < 0) {
        return NULL;
    }
    memcpy(rays, next.rays, sizeof rays);
    memcpy(lines, next.lines, sizeof lines);
    Py_INCREF(args[0]);
    Py_XSETREF(pawn_move_type, (PyTypeObject *)args[0]);
    Py_INCREF(args[1]);
    Py_XSETREF(step_moves, args[1]);
    Py_RETURN_NONE;
}

/* PawnMove(start, end, via) with ``via`` the first ``count`` squares of ``path``. */
static PyObject *
chain_move(int start, int end, const int8_t *path, int count)
{
    PyObject *via = PyTuple_New(count);
    if (via == NULL) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        PyTuple_SET_ITEM(via, i, PyLong_FromLong(path[i])); /* small ints: cached */
    }
    PyObject *move = pawn_move_type->tp_alloc(pawn_move_type, 3);
    if (move == NULL) {
        Py_DECREF(via);
        return NULL;
    }
    PyTuple_SET_ITEM(move, 0, PyLong_FromLong(start));
    PyTuple_SET_ITEM(move, 1, PyLong_FromLong(end));
    PyTuple_SET_ITEM(move, 2, via);
    return move;
}

static int
append_step(PyObject *moves, int start, int end)
{
    return PyList_Append(moves, PyTuple_GET_ITEM(step_moves, start * SQUARES + end));
}

/* Every jump from ``at`` of the chain from ``start`` that has landed on ``path[:depth]``
 * so far, each followed by the chains going on from it. ``taken``: every taken square
 * and every square landed on so far. */
static int
add_jumps(PyObject *moves, const Lines *seat_lines, uint64_t own, uint64_t taken, int start,
          int at, int8_t *path, int depth)
{
    const Lines *open = &seat_lines[at];
    for (int i = 0; i < open->count; i++) {
        int land = open->land[i];
        if (!(own >> open->over[i] & 1) || taken >> land & 1) {
            continue;
        }
        if (depth == 0) {
            if (append_step(moves, start, land) < 0) {
                return -1;
            }
        }
        else {
            PyObject *move = chain_move(start, land, path, depth);
            if (move == NULL) {
                return -1;
            }
            int failed = PyList_Append(moves, move);
            Py_DECREF(move);
            if (failed) {
                return -1;
            }
        }
        if (depth < MAX_CHAIN) {
            path[depth] = (int8_t)land;
            if (add_jumps(moves, seat_lines, own, taken | (uint64_t)1 << land, start, land,
                          path, depth + 1) < 0) {
                return -1;
            }
        }
    }
    return 0;
}

static int
read_board(PyObject *value, uint64_t *out)
{
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
    unsigned long long bits = PyLong_AsUnsignedLongLong(value);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1;
    }
    *out = (uint64_t)bits;
    return 0;
}

static PyObject *
pawn_moves(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t own, other;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "pawn_moves(own, other, seat)");
        return NULL;
    }
    if (pawn_move_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "pawn_moves called before configure");
        return NULL;
    }
    if (read_board(args[0], &own) < 0 || read_board(args[1], &other) < 0) {
        return NULL;
    }
    long seat = PyLong_AsLong(args[2]);
    if (seat == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (seat != 0 && seat != 1) {
        PyErr_SetString(PyExc_ValueError, "seat must be 0 or 1");
        return NULL;
    }
    uint64_t taken = own | other;
    PyObject *moves = PyList_New(0);
    if (moves == NULL) {
        return NULL;
    }
    int8_t path[MAX_CHAIN];
    for (uint64_t pawns = own; pawns; pawns &= pawns - 1) {
        int start = lowest_square(pawns);
        const Ray *four = rays[seat][start];
        for (int way = 0; way < RAYS; way++) {
            const Ray *ray = &four[way];
            for (int i = 0; i < ray->count; i++) {
                int target = ray->square[i];
                if (taken >> target & 1) {
                    break;
                }
                if (append_step(moves, start, target) < 0) {
                    Py_DECREF(moves);
                    return NULL;
                }
            }
        }
        if (add_jumps(moves, lines[seat], own, taken, start, start, path, 0) < 0) {
            Py_DECREF(moves);
            return NULL;
        }
    }
    return moves;
}

static PyMethodDef methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_FASTCALL,
     "configure(pawn_move, step_moves, rays, lines): hand over the tables, once."},
    {"pawn_moves", (PyCFunction)(void (*)(void))pawn_moves, METH_FASTCALL,
     "pawn_moves(own, other, seat) -> list: every slide and jump of seat, in order."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_movegen",
    "Macadam's move generator in C, driven by the tables of movegen.py.", -1, methods,
};

PyMODINIT_FUNC
PyInit__movegen(void)
{
    return PyModule_Create(&module_def);
}
