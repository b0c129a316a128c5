"""How the deployment scales: replica counts, autoscaling bounds, per-replica resources, the front.

A replica is one engine: one model, one engine thread, its own continuous batching, KV budget and
queue. The defaults fit one accelerator per replica: a replica asks Ray for one GPU when the cluster
has GPUs (none otherwise), and the autoscaler aims at ``max_batch`` requests in flight per replica,
the point where the engine's batch is full and further requests would start to queue.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ENGINE_DEPLOYMENT = "engine"
FRONT_DEPLOYMENT = "front"


@dataclass(frozen=True)
class ScaleConfig:
    replicas: int = 1  # fixed replica count (used when min_replicas/max_replicas are not set)
    min_replicas: int | None = None  # set either bound to autoscale between them
    max_replicas: int | None = None
    target_ongoing_requests: float | None = None  # per replica; None: the engine's max_batch
    upscale_delay_s: float = 30.0  # sustained load before a replica is added (a model loads for seconds)
    downscale_delay_s: float = 600.0
    gpus_per_replica: float | None = None  # None: 1 when the cluster has GPUs, else 0
    cpus_per_replica: float = 1.0
    torch_threads: int | None = None  # per replica; None: cpus_per_replica rounded down (at least 1)
    front_replicas: int = 1  # HTTP front processes (they only forward bytes; one is plenty for most)
    max_queued_requests: int | None = None  # waiting in the front for any replica; None: max_queue
    retries: int = 1  # times a request is re-sent after its replica died before answering anything
    # A file goes to its home replica unless the home has this many more requests in flight than the
    # least-loaded replica (or a full batch); see router.py.
    affinity_imbalance: int = 2
    address: str | None = None  # Ray cluster to join ("auto", "ray://host:10001"); None: start one here
    app_name: str = "fastapply"
    extra_actor_options: dict = field(default_factory=dict)  # merged into the engine's ray_actor_options

    def __post_init__(self):
        if self.replicas < 1:
            raise ValueError(f"replicas must be >= 1, got {self.replicas}")
        for name in ("min_replicas", "max_replicas"):
            value = getattr(self, name)
            if value is not None and value < (0 if name == "min_replicas" else 1):
                raise ValueError(f"{name} must be >= {0 if name == 'min_replicas' else 1}, got {value}")
        if self.min_replicas is not None and self.max_replicas is not None and self.min_replicas > self.max_replicas:
            raise ValueError(f"min_replicas ({self.min_replicas}) exceeds max_replicas ({self.max_replicas})")
        if self.target_ongoing_requests is not None and self.target_ongoing_requests <= 0:
            raise ValueError(f"target_ongoing_requests must be > 0, got {self.target_ongoing_requests}")
        for name in ("gpus_per_replica", "cpus_per_replica"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"{name} must be >= 0, got {value}")
        if self.torch_threads is not None and self.torch_threads < 1:
            raise ValueError(f"torch_threads must be >= 1, got {self.torch_threads}")
        if self.front_replicas < 1:
            raise ValueError(f"front_replicas must be >= 1, got {self.front_replicas}")
        if self.max_queued_requests is not None and self.max_queued_requests < 1:
            raise ValueError(f"max_queued_requests must be >= 1, got {self.max_queued_requests}")
        if self.retries < 0:
            raise ValueError(f"retries must be >= 0, got {self.retries}")
        if self.affinity_imbalance < 0:
            raise ValueError(f"affinity_imbalance must be >= 0, got {self.affinity_imbalance}")

    @property
    def autoscaling(self) -> bool:
        return self.min_replicas is not None or self.max_replicas is not None

    @property
    def threads(self) -> int:
        return self.torch_threads or max(1, int(self.cpus_per_replica))

    def engine_options(self, max_batch: int, max_queue: int, cluster_gpus: float) -> dict:
        """``serve.deployment`` options of the engine replicas (``cluster_gpus``: GPUs Ray can see)."""
        gpus = self.gpus_per_replica if self.gpus_per_replica is not None else (1.0 if cluster_gpus >= 1 else 0.0)
        options = {
            "name": ENGINE_DEPLOYMENT,
            "ray_actor_options": {"num_cpus": self.cpus_per_replica, "num_gpus": gpus, **self.extra_actor_options},
            # A replica takes what its engine can hold (the batch and its own queue); the engine's
            # max_queue still answers 503 beyond that, so Ray's cap never hides the engine's.
            "max_ongoing_requests": max_batch + max_queue,
            "max_queued_requests": self.max_queued_requests or max_queue,
            # Loading a model takes a while; a replica that does not answer the health check for a
            # minute is replaced.
            "health_check_period_s": 5.0,
            "health_check_timeout_s": 60.0,
            "graceful_shutdown_timeout_s": 30.0,
        }
        if self.autoscaling:
            low = self.min_replicas if self.min_replicas is not None else 1
            high = self.max_replicas if self.max_replicas is not None else max(low, int(cluster_gpus) or 1)
            if high < low:
                raise ValueError(f"max_replicas ({high}) is below min_replicas ({low})")
            options["autoscaling_config"] = {
                "min_replicas": low,
                "max_replicas": high,
                "initial_replicas": max(low, 1),
                "target_ongoing_requests": self.target_ongoing_requests or max_batch,
                "upscale_delay_s": self.upscale_delay_s,
                "downscale_delay_s": self.downscale_delay_s,
            }
        else:
            options["num_replicas"] = self.replicas
        return options

    def front_options(self) -> dict:
        # The front parses JSON heads and copies bytes; it asks for no CPU so that every core of a
        # small machine can hold an engine.
        return {
            "name": FRONT_DEPLOYMENT,
            "num_replicas": self.front_replicas,
            "ray_actor_options": {"num_cpus": 0},
            "max_ongoing_requests": 10_000,
        }
