"""Computed diagnosis for nvidia.xid-app-fault: what each Xid in this log means and what to do."""

from denpex.xid import xid_explainer

explain = xid_explainer(
    "Restart the application; debug the faulting kernel with CUDA_LAUNCH_BLOCKING=1 and compute-sanitizer --tool memcheck. Keep the GPU in service unless the fault follows the GPU across workloads."
)
