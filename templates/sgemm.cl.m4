m4_include(`clx.m4')m4_dnl
m4_dnl sgemm: C = A x B in single precision over a GEMM tuning space (issue 46: a large, real space).
m4_dnl The kernel is plain OpenCL C in sgemm.cl, tuned by preprocessor macros, so other tools can
m4_dnl build the same file with -DMWG=64 and so on. This template checks the parameters, writes a
m4_dnl #define for each, then undefines the m4 macro of that name: sgemm.cl is copied as written
m4_dnl (its #ifndef defaults skipped), not with every parameter name replaced by its value.
m4_assert_in(`MWG', 16, 32, 64, 128)m4_dnl
m4_assert_in(`NWG', 16, 32, 64, 128)m4_dnl
m4_assert_in(`KWG', 8, 16, 32)m4_dnl
m4_assert_in(`MDIMC', 8, 16, 32)m4_dnl
m4_assert_in(`NDIMC', 8, 16, 32)m4_dnl
m4_assert_in(`VWM', 1, 2, 4, 8)m4_dnl
m4_assert_in(`VWN', 1, 2, 4, 8)m4_dnl
m4_assert_in(`SA', 0, 1)m4_dnl
m4_assert_in(`SB', 0, 1)m4_dnl
m4_assert_in(`KWI', 1, 2, 4, 8)m4_dnl
m4_assert_in(`PAD', 0, 1)m4_dnl
m4_dnl The spec restrictions that the kernel needs to be correct (sgemm.cl repeats them as #error).
m4_assert(`MWG % (MDIMC * VWM) == 0', `MWG='MWG` must be a multiple of MDIMC * VWM = 'm4_eval(MDIMC * VWM))m4_dnl
m4_assert(`NWG % (NDIMC * VWN) == 0', `NWG='NWG` must be a multiple of NDIMC * VWN = 'm4_eval(NDIMC * VWN))m4_dnl
m4_assert(`KWG % KWI == 0', `KWG='KWG` must be a multiple of KWI='KWI)m4_dnl
m4_assert(`SA == 0 || (KWG * MWG) % (MDIMC * NDIMC * VWM) == 0',
          `SA=1: the A tile, KWG x MWG = 'm4_eval(KWG * MWG)`, must be a multiple of MDIMC * NDIMC * VWM = 'm4_eval(MDIMC * NDIMC * VWM))m4_dnl
m4_assert(`SB == 0 || (KWG * NWG) % (MDIMC * NDIMC * VWN) == 0',
          `SB=1: the B tile, KWG x NWG = 'm4_eval(KWG * NWG)`, must be a multiple of MDIMC * NDIMC * VWN = 'm4_eval(MDIMC * NDIMC * VWN))m4_dnl
m4_dnl Each parameter becomes a #define with its value (the name quoted, so that m4 does not replace
m4_dnl it); then the m4 macros go, so that m4 copies the names in sgemm.cl as they stand.
// sgemm: the parameters of this variant, as the macros sgemm.cl reads.
#define `MWG' MWG
#define `NWG' NWG
#define `KWG' KWG
#define `MDIMC' MDIMC
#define `NDIMC' NDIMC
#define `VWM' VWM
#define `VWN' VWN
#define `SA' SA
#define `SB' SB
#define `KWI' KWI
#define `PAD' PAD
m4_undefine(`MWG', `NWG', `KWG', `MDIMC', `NDIMC', `VWM', `VWN', `SA', `SB', `KWI', `PAD')m4_dnl
m4_include(`sgemm.cl')m4_dnl
