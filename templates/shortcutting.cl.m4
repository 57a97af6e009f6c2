m4_include(`clx.m4')m4_dnl
m4_dnl shortcutting: which computations does the compiler prune, with and without -cl-opt-disable?
m4_dnl (seed 001, "If no optimization, does code with no side-effects get removed?"). KIND picks one
m4_dnl small kernel of the study; T is the element type of the one-location array sink; SINK and
m4_dnl SLOT are what the spec says the kernel leaves in sink[0] (-1: nothing) and in out (0: nothing,
m4_dnl 1: out[i] = i, 2: out[i] = i % local), checked here so spec and kernel cannot drift apart.
m4_assert_in(`KIND', const_one, dead_const, dead_input, dead_loop, one_loc, four, fold_const, const_loop, local_unread, gid_once, gid_repeat, lid_once, lid_repeat)m4_dnl
m4_assert_in(`T', int, float)m4_dnl
m4_assert_range(`SINK', -1, 1000000)m4_dnl
m4_assert_in(`SLOT', 0, 1, 2)m4_dnl
m4_dnl SC_EXPECT(SINK, SLOT): asserts the spec's description of this kind's output.
m4_define(`SC_EXPECT', `m4_assert(`SINK == $1 && SLOT == $2', `this kind stores sink[0] = $1 (-1: none) and uses out rule $2: fix SINK and SLOT in the spec')')m4_dnl
m4_dnl SC_XOR3(x): x ^ x ^ x == x. The id kinds store it so that "once" (a variable) and "repeat"
m4_dnl (three fresh builtin calls) do the same arithmetic and differ only in the calls.
m4_define(`SC_XOR3', `(($1) ^ ($1) ^ ($1))')m4_dnl
// Every kind has the same arguments, so one spec drives them all. in: random floats (only
// dead_input reads them); out: one int slot per work-item (the id kinds); sink: the "one location"
// the other kinds store a known value to. Only what reaches out or sink is verified: the rest of
// each kernel is the code whose survival the study measures (ptx_instr, bin_bytes, time).
__kernel void shortcutting(__global const float *restrict in, __global int *restrict out,
                           __global T *restrict sink, const uint n)
{
m4_ifelse(KIND, `const_one', `SC_EXPECT(5, 0)m4_dnl
    // The floor of the study: one constant store per work-item (seed kernel 25).
    sink[0] = 5;
', KIND, `dead_const', `SC_EXPECT(5, 0)m4_dnl
    // Arithmetic on constants whose result is never stored (seed kernels 1, 2): it should vanish
    // in both builds, leaving the code of const_one.
    float a = 0.0f;
    a += 1.0f;
    a += 1.0f;
    a += 1.0f;
    a += 1.0f;
    sink[0] = 5;
', KIND, `dead_input', `SC_EXPECT(5, 0)m4_dnl
    // Beyond the seed: a load and arithmetic on it, never stored. Does the load survive when
    // optimisation is off?
    const size_t g = get_global_id(0);
    if (g < n) {
        float x = in[g];
        x = x * x + 0.5f;
        x = x * x - 0.25f;
    }
    sink[0] = 5;
', KIND, `dead_loop', `m4_assert_range(`LOOP', 1, 1000000)SC_EXPECT(5, 0)m4_dnl
    // Beyond the seed: const_loop without the store of its result.
    int a = 31;
    for (int i = 0; i < LOOP; i++)
        a += 1;
    sink[0] = 5;
', KIND, `one_loc', `m4_assert_in(`T', float)SC_EXPECT(4, 0)m4_dnl
    // dead_const, but the value is stored to one location (seed kernel 3): the adds (or their
    // folded constant 4.0f) must now be kept.
    float a = 0.0f;
    a += 1.0f;
    a += 1.0f;
    a += 1.0f;
    a += 1.0f;
    sink[0] = a;
', KIND, `four', `SC_EXPECT(7, 0)m4_dnl
    // Four int variables stored in turn to the same location (seed kernels 7, 8), whose type T
    // (float or int) decides how the constants are written in the PTX. The first three stores
    // are dead: st.global counts show whether each build keeps them.
    int a = 3;
    a += 1;
    int b = 5;
    int c = 6;
    int d = 7;
    sink[0] = a;
    sink[0] = b;
    sink[0] = c;
    sink[0] = d;
', KIND, `fold_const', `SC_EXPECT(77, 0)m4_dnl
    // Variables holding constants, a constant added, such variables added together (seed kernel
    // 19): folded to the single constant 77 even without optimisation?
    int a = 31;
    int b = 5;
    a += b;
    int c = a + b;
    int d = c + a;
    sink[0] = d;
', KIND, `const_loop', `m4_assert_range(`LOOP', 1, 1000000)SC_EXPECT(m4_eval(36 + LOOP), 0)m4_dnl
    // A loop adding a constant a constant number of times (seed kernel 20, LOOP trips instead of
    // 4 so its cost is measurable): folded to 36 + LOOP when optimising, run when not?
    int a = 31;
    for (int i = 0; i < LOOP; i++)
        a += 1;
    a += 5;
    sink[0] = a;
', KIND, `local_unread', `SC_EXPECT(5, 0)m4_dnl
    // Local memory written and never read (seed kernel 17): kept? local_bytes says.
    __local int scratch[32];
    scratch[0] = 31;
    sink[0] = 5;
', KIND, `gid_once', `SC_EXPECT(-1, 1)m4_dnl
    // get_global_id called once, its value stored in the work-item slot (seed kernel 22).
    const size_t g = get_global_id(0);
    if (g < n)
        out[g] = (int)SC_XOR3(g);
', KIND, `gid_repeat', `SC_EXPECT(-1, 1)m4_dnl
    // gid_once with three more get_global_id calls (seed kernels 26, 27 did this with
    // get_local_id): are repeated calls merged?
    const size_t g = get_global_id(0);
    if (g < n)
        out[g] = (int)SC_XOR3(get_global_id(0));
', KIND, `lid_once', `SC_EXPECT(-1, 2)m4_dnl
    // The slot gets get_local_id, called once (seed kernels 23, 24; the slot index still
    // needs the one get_global_id of gid_once).
    const size_t g = get_global_id(0);
    const size_t l = get_local_id(0);
    if (g < n)
        out[g] = (int)SC_XOR3(l);
', KIND, `lid_repeat', `SC_EXPECT(-1, 2)m4_dnl
    // lid_once with three get_local_id calls instead of one (seed kernels 26, 27).
    const size_t g = get_global_id(0);
    if (g < n)
        out[g] = (int)SC_XOR3(get_local_id(0));
', `m4_error(`KIND=KIND has no kernel body')')m4_dnl
}
