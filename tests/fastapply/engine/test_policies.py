import torch

from fastapply.engine.policies import accept_greedy
from fastapply.kernels import greedy_accept_ref


def test_accept_greedy_takes_the_agreeing_prefix_and_one_token_of_the_model():
    assert accept_greedy([5, 6, 7], [5, 6, 9, 2]) == [5, 6, 9]
    assert accept_greedy([5, 6, 7], [5, 6, 7, 2]) == [5, 6, 7, 2]  # all accepted, plus the bonus
    assert accept_greedy([], [4]) == [4]  # no draft: plain decoding


def test_accept_greedy_is_the_rule_the_device_kernel_implements():
    g = torch.Generator().manual_seed(0)
    for _ in range(50):
        k = int(torch.randint(0, 9, (), generator=g))
        logits = torch.randn(1, k + 1, 12, generator=g)
        targets = logits.argmax(-1)[0].tolist()
        # drafts that agree for a random prefix, then disagree
        agree = int(torch.randint(0, k + 1, (), generator=g))
        draft = targets[:agree] + [(t + 1) % 12 for t in targets[agree:k]]
        padded = torch.tensor([draft + [0] * (k - len(draft))], dtype=torch.long).reshape(1, k)
        accepted, next_token = greedy_accept_ref(logits, padded, torch.tensor([k]))
        ours = accept_greedy(draft, targets)
        assert len(ours) - 1 == accepted.item() and ours[-1] == next_token.item()
