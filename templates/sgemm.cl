// sgemm.cl -- single-precision matrix product C = A x B (M x N x K), tuned by preprocessor macros in
// the manner of a GEMM tuning space (a work-group tile of C, a K tile, vector loads, optional
// __local staging). Plain OpenCL C: clx includes it from sgemm.cl.m4, which defines the macros
// with the values of a variant; any other tool can build it with -DMWG=64 -DNWG=64 ... instead.
//
// Layout (every load along M or N is contiguous):
//   A is K-major: element (m, k) at A[k * M + m]
//   B is K-major: element (k, n) at B[k * N + n]
//   C is column-major: element (m, n) at C[n * M + m]
// M must be a multiple of MWG, N of NWG, K of KWG: the kernel has no bound checks (the launch
// covers C exactly: global = (M / MWG * MDIMC, N / NWG * NDIMC), local = (MDIMC, NDIMC)).
//
// Each work-item computes MWI x NWI elements of C, MWI = MWG / MDIMC and NWI = NWG / NDIMC. Its
// elements along M are MWI / VWM vectors of VWM, vector i at tile row (i * MDIMC + tid_m) * VWM,
// so neighbouring work-items read neighbouring vectors (coalesced); along N the same with VWN.
// No comment in this file may hold a backquote or an apostrophe: it is read through GNU m4.

// The tuning parameters and their defaults.
#ifndef MWG
#define MWG 64      // rows of C (along M) of a work-group tile
#endif
#ifndef NWG
#define NWG 64      // columns of C (along N) of a work-group tile
#endif
#ifndef KWG
#define KWG 16      // K tile: the k steps between two barriers
#endif
#ifndef MDIMC
#define MDIMC 16    // work-group size along M (dimension 0)
#endif
#ifndef NDIMC
#define NDIMC 16    // work-group size along N (dimension 1)
#endif
#ifndef VWM
#define VWM 2       // vector width of the loads of A (and of the stores of C)
#endif
#ifndef VWN
#define VWN 2       // vector width of the loads of B
#endif
#ifndef SA
#define SA 1        // 1: stage the A tile in __local memory; 0: read A from global memory
#endif
#ifndef SB
#define SB 1        // 1: stage the B tile in __local memory; 0: read B from global memory
#endif
#ifndef KWI
#define KWI 2       // unroll factor of the inner k loop
#endif
#ifndef PAD
#define PAD 0       // floats of padding at the end of each row of a __local tile
#endif

// What the parameters must satisfy (the spec states the same as its restrictions).
#if MWG % (MDIMC * VWM) != 0
#error "MWG must be a multiple of MDIMC * VWM"
#endif
#if NWG % (NDIMC * VWN) != 0
#error "NWG must be a multiple of NDIMC * VWN"
#endif
#if KWG % KWI != 0
#error "KWG must be a multiple of KWI"
#endif
#if SA && (KWG * MWG) % (MDIMC * NDIMC * VWM) != 0
#error "SA: the A tile (KWG * MWG) must be a multiple of MDIMC * NDIMC * VWM"
#endif
#if SB && (KWG * NWG) % (MDIMC * NDIMC * VWN) != 0
#error "SB: the B tile (KWG * NWG) must be a multiple of MDIMC * NDIMC * VWN"
#endif

#define MWI (MWG / MDIMC)                               // elements of C per work-item along M
#define NWI (NWG / NDIMC)                               // and along N
#define MVI (MWI / VWM)                                 // vectors of A per work-item and k
#define NVI (NWI / VWN)                                 // vectors of B per work-item and k
#define WGS (MDIMC * NDIMC)                             // work-items of a group
#define ALD ((KWG * MWG) / (WGS * VWM))                 // vectors of the A tile each work-item loads
#define BLD ((KWG * NWG) / (WGS * VWN))                 // vectors of the B tile each work-item loads
#define ASTRIDE (MWG + PAD)                             // floats per row (one k) of the A tile
#define BSTRIDE (NWG + PAD)                             // floats per row (one k) of the B tile

// Vector types and moves between vectors and float arrays. MOVEM(v, i, p) stores the vector v
// at p[i * VWM ...]; LOADM(i, p) loads the vector at p[i * VWM ...] (p: any address space,
// aligned to a float only: tiles padded by PAD floats stay correct).
#if VWM == 1
typedef float floatM;
#define LOADM(i, p) ((p)[i])
#define MOVEM(v, i, p) ((p)[i] = (v))
#elif VWM == 2
typedef float2 floatM;
#define LOADM(i, p) vload2(i, p)
#define MOVEM(v, i, p) vstore2(v, i, p)
#elif VWM == 4
typedef float4 floatM;
#define LOADM(i, p) vload4(i, p)
#define MOVEM(v, i, p) vstore4(v, i, p)
#elif VWM == 8
typedef float8 floatM;
#define LOADM(i, p) vload8(i, p)
#define MOVEM(v, i, p) vstore8(v, i, p)
#else
#error "VWM must be 1, 2, 4 or 8"
#endif

#if VWN == 1
typedef float floatN;
#define LOADN(i, p) ((p)[i])
#define MOVEN(v, i, p) ((p)[i] = (v))
#elif VWN == 2
typedef float2 floatN;
#define LOADN(i, p) vload2(i, p)
#define MOVEN(v, i, p) vstore2(v, i, p)
#elif VWN == 4
typedef float4 floatN;
#define LOADN(i, p) vload4(i, p)
#define MOVEN(v, i, p) vstore4(v, i, p)
#elif VWN == 8
typedef float8 floatN;
#define LOADN(i, p) vload8(i, p)
#define MOVEN(v, i, p) vstore8(v, i, p)
#else
#error "VWN must be 1, 2, 4 or 8"
#endif

// A, B and C are passed as vector pointers: OpenCL buffers are aligned far beyond a float8, and
// every index below is a whole vector (M is a multiple of VWM, N of VWN), so the loads are
// aligned vector loads wherever the compiler has them.
__kernel __attribute__((reqd_work_group_size(MDIMC, NDIMC, 1)))
void sgemm(const int kSizeM, const int kSizeN, const int kSizeK,
           __global const floatM *restrict agm, __global const floatN *restrict bgm,
           __global floatM *restrict cgm)
{
    const int tidm = (int)get_local_id(0), tidn = (int)get_local_id(1);
    const int tid = tidn * MDIMC + tidm;                // flat id in the group (tile loads)
    const int mvecs = kSizeM / VWM, nvecs = kSizeN / VWN;      // vectors per row of A, B and C
    // The group tile origin, in vectors of A (and C) and of B.
    const int am0 = (int)get_group_id(0) * (MWG / VWM);
    const int bn0 = (int)get_group_id(1) * (NWG / VWN);

#if SA
    __local float alm[KWG * ASTRIDE];
#endif
#if SB
    __local float blm[KWG * BSTRIDE];
#endif

    // The work-item tile of C, in registers.
    float cpm[NWI][MWI];
    #pragma unroll
    for (int nj = 0; nj < NWI; nj++) {
        #pragma unroll
        for (int mi = 0; mi < MWI; mi++)
            cpm[nj][mi] = 0.0f;
    }

    for (int kwg = 0; kwg < kSizeK; kwg += KWG) {
#if SA
        // The group copies the KWG x MWG tile of A, vector by vector, row-major (a row is one k).
        #pragma unroll
        for (int l = 0; l < ALD; l++) {
            const int v = l * WGS + tid;
            const int row = v / (MWG / VWM), col = v % (MWG / VWM);
            const floatM val = agm[(kwg + row) * mvecs + am0 + col];
            MOVEM(val, 0, &alm[row * ASTRIDE + col * VWM]);
        }
#endif
#if SB
        #pragma unroll
        for (int l = 0; l < BLD; l++) {
            const int v = l * WGS + tid;
            const int row = v / (NWG / VWN), col = v % (NWG / VWN);
            const floatN val = bgm[(kwg + row) * nvecs + bn0 + col];
            MOVEN(val, 0, &blm[row * BSTRIDE + col * VWN]);
        }
#endif
#if SA || SB
        barrier(CLK_LOCAL_MEM_FENCE);
#endif

        for (int pwi = 0; pwi < KWG; pwi += KWI) {
            #pragma unroll
            for (int pit = 0; pit < KWI; pit++) {
                const int k = pwi + pit;
                // This k of the work-item elements of A and of B, in registers.
                float apm[MWI], bpm[NWI];
                #pragma unroll
                for (int i = 0; i < MVI; i++) {
#if SA
                    MOVEM(LOADM(i * MDIMC + tidm, &alm[k * ASTRIDE]), i, apm);
#else
                    MOVEM(agm[(kwg + k) * mvecs + am0 + i * MDIMC + tidm], i, apm);
#endif
                }
                #pragma unroll
                for (int j = 0; j < NVI; j++) {
#if SB
                    MOVEN(LOADN(j * NDIMC + tidn, &blm[k * BSTRIDE]), j, bpm);
#else
                    MOVEN(bgm[(kwg + k) * nvecs + bn0 + j * NDIMC + tidn], j, bpm);
#endif
                }
                // MWI x NWI fmas, each accumulator one step further along its chain over k.
                #pragma unroll
                for (int nj = 0; nj < NWI; nj++) {
                    #pragma unroll
                    for (int mi = 0; mi < MWI; mi++)
                        cpm[nj][mi] = fma(apm[mi], bpm[nj], cpm[nj][mi]);
                }
            }
        }

#if SA || SB
        // Nobody overwrites a tile before the whole group is done reading it.
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
    }

    // C is column-major: element nj of the work-item is column
    // n = group origin + (j * NDIMC + tidn) * VWN + w, nj = j * VWN + w; its MWI elements along
    // that column go out as MVI vectors of VWM, as they came in.
    #pragma unroll
    for (int j = 0; j < NVI; j++) {
        #pragma unroll
        for (int w = 0; w < VWN; w++) {
            const int nj = j * VWN + w;
            const int n = (bn0 + j * NDIMC + tidn) * VWN + w;
            #pragma unroll
            for (int i = 0; i < MVI; i++)
                cgm[n * mvecs + am0 + i * MDIMC + tidm] = LOADM(i, cpm[nj]);
        }
    }
}
