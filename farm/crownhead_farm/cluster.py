"""Joining a Ray cluster: an existing one at ``--address``, or a local one started here."""

import socket

import ray

#: Seconds to wait for a cluster's head to answer before giving up.
REACH_TIMEOUT = 10


def check_reachable(address):
    """Checks that something listens at ``HOST:PORT`` (Ray itself waits minutes).

    Raises:
        ConnectionError: nothing answers there.
    """
    host, _, port = address.rpartition(":")
    if not (host and port.isdigit()):
        return
    try:
        socket.create_connection((host, int(port)), timeout=REACH_TIMEOUT).close()
    except OSError as error:
        raise ConnectionError(f"no Ray cluster answers at {address}: {error}") from None


def connect(address=None, workers=None):
    """Joins the cluster at ``address``, or starts a local one with ``workers`` CPUs (all
    of the machine's by default). A session already connected is kept.

    Raises:
        ConnectionError: nothing answers at ``address``.
    """
    if ray.is_initialized():
        return
    settings = {"log_to_driver": False, "configure_logging": False}
    if address:
        check_reachable(address)
        ray.init(address=address, **settings)
    else:
        ray.init(address="local", num_cpus=workers, include_dashboard=False, **settings)


def cpu_count():
    """The CPUs of the cluster: how many one-CPU tasks run at once."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
