#!/usr/bin/env python3
"""Trains the murmur detector's convolutional networks (src/murmur/cnn.ts runs them).

Called by the training command (cnn-train.ts), never at run time:
    python3 cnn.py WORK_DIR
WORK_DIR holds what the command wrote:
    inputs.f32  every recording's network input (src/murmur/cnn.ts cnnInput), frame-major
                float32, one after the other
    jobs.json   {"channels", "hidden", "epochs", "seed", "positiveWeight" (a murmur recording's
                weight in the loss, the trees' POSITIVE_WEIGHT), "rows": [{"offset", "frames", "y",
                "mask"}], "jobs": [[row index, ...], ...]} where "mask" is the offset of the
                recording's usable-frame mask in masks.u8
    masks.u8    usable-frame masks, one byte per frame
and this writes nets.json: one network per job, in the CnnModel format of cnn.ts.

Deterministic: fixed seeds, deterministic kernels and a fixed thread count, so the same inputs
give the same weights. Needs PyTorch (Debian: apt-get install python3-torch).
"""
import json
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

# Layers as in cnn.ts: (kernel, dilation, residual).
LAYERS = [(7, 1, False), (5, 2, True), (5, 4, True), (5, 8, True)]
# Training crops of 256 frames (10.24 s: about ten cycles) in batches of 32; Adam with a small
# weight decay.
CROP = 256
BATCH = 32
LEARNING_RATE = 1e-3
WEIGHT_DECAY = 1e-4


class Net(nn.Module):
    def __init__(self, channels, hidden):
        super().__init__()
        self.convs = nn.ModuleList()
        c = channels
        for k, d, _ in LAYERS:
            self.convs.append(nn.Conv1d(c, hidden, k, padding=d * (k - 1) // 2, dilation=d))
            c = hidden
        self.head = nn.Linear(2 * hidden, 1)

    def forward(self, x, m):
        h = x
        for conv, (_, _, residual) in zip(self.convs, LAYERS):
            y = F.relu(conv(h))
            h = y + h if residual else y
        m = m.unsqueeze(1)
        mean = (h * m).sum(2) / m.sum(2).clamp(min=1)
        top = (h - 1e4 * (1 - m)).max(2).values
        return self.head(torch.cat([mean, top], 1)).squeeze(1)


def main(work):
    spec = json.load(open(os.path.join(work, 'jobs.json')))
    C, H = spec['channels'], spec['hidden']
    inputs = np.fromfile(os.path.join(work, 'inputs.f32'), dtype=np.float32)
    masks = np.fromfile(os.path.join(work, 'masks.u8'), dtype=np.uint8)
    rows = spec['rows']
    X = [inputs[r['offset']:r['offset'] + C * r['frames']].reshape(r['frames'], C).T.copy() for r in rows]
    M = [masks[r['mask']:r['mask'] + r['frames']].astype(np.float32) for r in rows]
    y = torch.tensor([float(r['y']) for r in rows])
    positive_weight = float(spec['positiveWeight'])

    def batch(ids, rng):
        xb = np.zeros((len(ids), C, CROP), np.float32)
        mb = np.zeros((len(ids), CROP), np.float32)
        for j, i in enumerate(ids):
            x, m = X[i], M[i]
            T = x.shape[1]
            if T > CROP:
                a = int(rng.integers(0, T - CROP + 1))
                x, m, T = x[:, a:a + CROP], m[a:a + CROP], CROP
            xb[j, :, :T] = x
            mb[j, :T] = m
        return torch.from_numpy(xb), torch.from_numpy(mb)

    nets = []
    for n, job in enumerate(spec['jobs']):
        seed = spec['seed'] + n
        torch.manual_seed(seed)
        rng = np.random.default_rng(seed)
        net = Net(C, H)
        opt = torch.optim.Adam(net.parameters(), LEARNING_RATE, weight_decay=WEIGHT_DECAY)
        job = np.array(job, dtype=np.int64)
        for _ in range(spec['epochs']):
            order = rng.permutation(job)
            for k in range(0, len(order), BATCH):
                ids = order[k:k + BATCH]
                xb, mb = batch(ids, rng)
                yb = y[ids]
                loss = (F.binary_cross_entropy_with_logits(net(xb, mb), yb, reduction='none')
                        * (1 + (positive_weight - 1) * yb)).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
        layers = []
        c = C
        for conv, (k, d, residual) in zip(net.convs, LAYERS):
            layers.append({
                'w': conv.weight.detach().numpy().astype(np.float64).ravel().tolist(),
                'b': conv.bias.detach().numpy().astype(np.float64).tolist(),
                'in': c, 'out': H, 'kernel': k, 'dilation': d, 'residual': residual,
            })
            c = H
        nets.append({'layers': layers, 'head': {
            'w': net.head.weight.detach().numpy().astype(np.float64).ravel().tolist(),
            'b': float(net.head.bias.item()),
        }})
        print(f'network {n + 1}/{len(spec["jobs"])} trained', file=sys.stderr, flush=True)
    with open(os.path.join(work, 'nets.json'), 'w') as f:
        json.dump(nets, f)


if __name__ == '__main__':
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    main(sys.argv[1])
