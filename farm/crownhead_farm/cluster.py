"""Joining a Ray cluster: an existing one at ``--address``, or a local one started here."""

import ray


def connect(address=None, workers=None):
    """Joins the cluster at ``address``, or starts a local one with ``workers`` CPUs (all
    of the machine's by default). A session already connected is kept."""
    if ray.is_initialized():
        return
    settings = {"log_to_driver": False, "configure_logging": False}
    if address:
        ray.init(address=address, **settings)
    else:
        ray.init(address="local", num_cpus=workers, include_dashboard=False, **settings)


def cpu_count():
    """The CPUs of the cluster: how many one-CPU tasks run at once."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
