"""The second opinion: a merge from a different idea (one global alignment of the whole snippet
against the file, opinion.py), and the check that the deterministic merge agrees with it
(agree.py)."""

from fastapply.merge.second.agree import agreement
from fastapply.merge.second.opinion import Opinion, second_opinion

__all__ = ["Opinion", "agreement", "second_opinion"]
