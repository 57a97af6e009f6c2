#!/usr/bin/env python3
# kt_sgemm.py — Kernel Tuner on clx's sgemm space (issue 46, item 3): the same kernel source
# (templates/sgemm.cl), the same parameters and restrictions (read from templates/sgemm.spec), one
# strategy and seed per call, each configuration verified against numpy's product; writes a JSON
# line per evaluation (its parameters, time, and the seconds since the search began: Kernel
# Tuner's timestamps) and a summary line, so that the time to a configuration within 1% of the
# best known can be set beside clx's search in the same device call.
# Usage: kt_sgemm.py --strategy random_sample --seed 1 --seconds 60 [--mnk 2048] [--platform 0
#        --device 0] [--max-fevals N] [--out FILE]
# Needs: python3 with kernel_tuner (1.5), pyopencl and numpy (pip; the device machine reaches no
# registry: carry the wheels, .library/device/README.md). Not part of clx: a comparison's harness.
import argparse, datetime, json, os, re, sys, time

import numpy as np


def spec_space(path):
    """The params lists and the restrictions of sgemm.spec (libconfig, read by pattern: the lists
    are plain), the restrictions turned into Python (|| and && into or and and)."""
    text = open(path).read()
    body = re.search(r'^params = \{(.*?)^\};', text, re.S | re.M).group(1)
    params = {}
    for name, values in re.findall(r'([A-Z][A-Z0-9_]*)\s*=\s*\[([^\]]*)\]', body):
        params[name] = [int(v) for v in values.split(',')]
    rbody = re.search(r'^restrictions = \[(.*?)^\];', text, re.S | re.M).group(1)
    rules = [s for s in re.findall(r'"([^"]*)"', rbody)]
    py = [r.replace('||', ' or ').replace('&&', ' and ') for r in rules]
    return params, py


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--strategy', default='random_sample')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--seconds', type=float, default=60)
    ap.add_argument('--mnk', type=int, default=2048)
    ap.add_argument('--platform', type=int, default=0)
    ap.add_argument('--device', type=int, default=0)
    ap.add_argument('--iterations', type=int, default=7)
    ap.add_argument('--out', default='-')
    # Kernel Tuner's own cap on evaluations, where a strategy has one (bayes_opt: 100, which ended
    # its runs at 37-51 s of 45 on an H200, docs/search.md); unset: Kernel Tuner's default, as the
    # recorded runs had it.
    ap.add_argument('--max-fevals', type=int, default=None)
    a = ap.parse_args()
    import kernel_tuner
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    params, rules = spec_space(os.path.join(root, 'templates', 'sgemm.spec'))
    mnk = a.mnk
    # The restrictions that read the launch axis MNK hold for every tile at a multiple of 128.
    rules = [r.replace('MNK', str(mnk)) for r in rules]
    rng = np.random.default_rng(a.seed)
    # A K-major (A[k * M + m]), B K-major (B[k * N + n]), C column-major (C[n * M + m]), as sgemm.cl.
    a_km = rng.random((mnk, mnk), dtype=np.float32)          # [k][m]
    b_kn = rng.random((mnk, mnk), dtype=np.float32)          # [k][n]
    c = np.zeros(mnk * mnk, dtype=np.float32)
    want = (a_km.T.astype(np.float64) @ b_kn.astype(np.float64)).T.astype(np.float32).ravel()   # [n][m]
    args = [np.int32(mnk), np.int32(mnk), np.int32(mnk), a_km.ravel(), b_kn.ravel(), c]
    answer = [None, None, None, None, None, want]
    # clx's tolerance, 2e-4 of an element (about MNK / 4: sums of MNK products of numbers in [0, 1)),
    # as Kernel Tuner's absolute one.
    source = open(os.path.join(root, 'templates', 'sgemm.cl')).read()
    out = sys.stdout if a.out == '-' else open(a.out, 'w')
    t0 = time.time()
    results, env = kernel_tuner.tune_kernel(
        'sgemm', source, (mnk, mnk), args, params, grid_div_x=['MWG'], grid_div_y=['NWG'],
        block_size_names=['MDIMC', 'NDIMC'], restrictions=rules, answer=answer, atol=5e-5 * mnk,
        lang='OpenCL', platform=a.platform, device=a.device, iterations=a.iterations, strategy=a.strategy,
        strategy_options=dict({'time_limit': a.seconds}, **({'max_fevals': a.max_fevals} if a.max_fevals else {})),
        seed=a.seed, quiet=True, verbose=False)
    wall = time.time() - t0
    best = None
    for r in results:
        ok = isinstance(r.get('time'), (int, float))
        rec = {'params': {k: r[k] for k in params}, 'time_ms': r['time'] if ok else None,
               'timestamp': r.get('timestamp'), 'compile_time': r.get('compile_time'),
               'benchmark_time': r.get('benchmark_time'), 'strategy_time': r.get('strategy_time'),
               'framework_time': r.get('framework_time')}
        out.write(json.dumps(rec) + '\n')
        if ok and (best is None or r['time'] < best['time']):
            best = r
    summary = {'summary': True, 'strategy': a.strategy, 'seed': a.seed, 'seconds': a.seconds, 'mnk': mnk,
               'started_utc': datetime.datetime.fromtimestamp(t0, datetime.timezone.utc).isoformat(),
               'evaluations': len(results), 'wall_s': wall, 'device': env.get('device_name'),
               'best_ms': best['time'] if best else None,
               'best': {k: best[k] for k in params} if best else None,
               'gflops': 2.0 * mnk ** 3 / (best['time'] * 1e-3) / 1e9 if best else None}
    out.write(json.dumps(summary) + '\n')
    out.flush()


if __name__ == '__main__':
    main()
