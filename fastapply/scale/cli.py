"""The scale-out flags of ``fastapply serve``; any of them runs the server on Ray Serve."""

from __future__ import annotations

import argparse

from .config import ScaleConfig

INSTALL_HINT = "scaling out needs Ray Serve: pip install 'fastapply[scale]'"


def add_scale_args(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("scale-out on Ray Serve (pip install 'fastapply[scale]')")
    g.add_argument(
        "--replicas",
        type=int,
        help="engine replicas, each with its own model and batching [unset: one process, no Ray]",
    )
    g.add_argument("--min-replicas", type=int, help="autoscale: fewest replicas [1]")
    g.add_argument("--max-replicas", type=int, help="autoscale: most replicas [the cluster's GPU count]")
    g.add_argument(
        "--target-ongoing-requests",
        type=float,
        help="autoscale: requests in flight per replica to aim for [--max-batch]",
    )
    g.add_argument("--gpus-per-replica", type=float, help="GPUs each replica asks Ray for [1 if the cluster has GPUs]")
    g.add_argument("--cpus-per-replica", type=float, default=1.0, help="CPUs each replica asks Ray for [1]")
    g.add_argument("--torch-threads", type=int, help="torch threads per replica [--cpus-per-replica]")
    g.add_argument("--front-replicas", type=int, default=1, help="HTTP front processes [1]")
    g.add_argument(
        "--retries", type=int, default=1, help="re-sends of a request whose replica died before answering anything [1]"
    )
    g.add_argument("--ray-address", help="join this Ray cluster ('auto' for the local node's) instead of starting one")


def scale_from_args(args: argparse.Namespace) -> ScaleConfig | None:
    """None when no scale-out flag was given (the single-process server). Raises ValueError."""
    wanted = (
        args.replicas,
        args.min_replicas,
        args.max_replicas,
        args.target_ongoing_requests,
        args.gpus_per_replica,
        args.torch_threads,
        args.ray_address,
    )
    if all(value is None for value in wanted) and args.front_replicas == 1:
        return None
    if args.replicas is not None and (args.min_replicas is not None or args.max_replicas is not None):
        raise ValueError("--replicas fixes the replica count; --min-replicas/--max-replicas autoscale: pick one")
    return ScaleConfig(
        replicas=1 if args.replicas is None else args.replicas,
        min_replicas=args.min_replicas,
        max_replicas=args.max_replicas,
        target_ongoing_requests=args.target_ongoing_requests,
        gpus_per_replica=args.gpus_per_replica,
        cpus_per_replica=args.cpus_per_replica,
        torch_threads=args.torch_threads,
        front_replicas=args.front_replicas,
        retries=args.retries,
        address=args.ray_address,
    )
