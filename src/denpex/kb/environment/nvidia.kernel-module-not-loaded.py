"""Computed diagnosis for nvidia.kernel-module-not-loaded: why the module did not load (Secure Boot
key, missing build for this kernel, DKMS build failure, device owned by another driver) and the fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "").strip().rsplit("/", 1)[-1] or "nvidia"
    reason = str(facts.get("reason") or "").strip()
    kernel = str(facts.get("kernel") or "").strip()
    dkms_module = str(facts.get("dkms_module") or "").strip()
    version = str(facts.get("driver_version") or "").strip()
    package = str(facts.get("package") or "").strip()
    devices = facts.get("devices")
    low = reason.lower()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    branch = version.split(".", 1)[0] if version else (package.split("-")[2] if package.count("-") >= 2 else "")

    if "key was rejected" in low or "required key not available" in low:
        derived["what"] = f"Secure Boot rejected the unsigned/unenrolled {module} module"
        parts.append(f"The kernel refused to load {module} because it is not signed with a key the kernel trusts: UEFI Secure Boot is on and the module's signing key (the DKMS machine-owner key) has not been enrolled.")
        fix.append("Enroll the DKMS key: sudo mokutil --import /var/lib/shim-signed/mok/MOK.der (Ubuntu) or /var/lib/dkms/mok.pub (other distros), choose a one-time password, reboot and pick 'Enroll MOK' in the blue MOK manager, then sudo modprobe nvidia.")
        fix.append("Or disable Secure Boot in the firmware setup. Check the state with mokutil --sb-state.")
    elif "operation not permitted" in low:
        derived["what"] = f"loading {module} is not permitted (kernel lockdown, or inside a container)"
        parts.append(f"Loading {module} was not permitted: either the kernel is in lockdown mode (Secure Boot with unsigned modules - dmesg shows 'Lockdown: modprobe: unsigned module loading is restricted') or modprobe ran without privileges or inside a container, where modules cannot be loaded.")
        fix.append("On the host as root: check dmesg | grep -i lockdown and mokutil --sb-state; enroll the DKMS key (mokutil --import) or disable Secure Boot. Containers cannot load kernel modules - load the driver on the host.")
    elif "no such device" in low:
        derived["what"] = f"{module} found no GPU to drive (No such device)"
        parts.append(f"{module} loaded its code but found no NVIDIA GPU it can drive: nouveau or vfio-pci owns the device, the GPU is not supported by this driver branch (too new or too old), or it is not visible on the PCI bus.")
        fix.append("lspci -nnk | grep -A3 -i nvidia shows the driver in use; blacklist nouveau (blacklist-nouveau.conf, update-initramfs -u, reboot) and install a driver branch that supports this GPU.")
    elif "unknown symbol" in low or "invalid module format" in low or "exec format error" in low:
        derived["what"] = f"{module} was built for another kernel ({reason})"
        parts.append(f"{module} does not match the running kernel ({reason}): it was built against other kernel headers.")
        fix.append("Rebuild for the running kernel: sudo apt install linux-headers-$(uname -r) && sudo dkms autoinstall (or reinstall the driver package), then sudo modprobe nvidia.")
    elif dkms_module or package:
        derived["what"] = f"the DKMS build of {dkms_module or package}{(' ' + version) if version else ''} failed" + (f" for kernel {kernel}" if kernel else "")
        parts.append(f"DKMS could not compile the NVIDIA module{(' ' + version) if version else ''}" + (f" for kernel {kernel}" if kernel else "") + ": without it the new kernel boots with no GPU driver. The usual reasons are a driver branch older than the kernel's API (old branches stop compiling on new kernels), missing kernel headers, or a compiler that differs from the one the kernel was built with.")
        fix.append(f"Read the compiler error: less /var/lib/dkms/{dkms_module or 'nvidia'}/{version or '<version>'}/build/make.log.")
        fix.append(f"Install a driver branch that supports kernel {kernel or '$(uname -r)'} (a newer nvidia-driver-XXX than {branch or 'the current one'}; ubuntu-drivers list shows the candidates), or boot and pin the previous kernel.")
        fix.append("Make sure the matching headers and compiler are installed: sudo apt install linux-headers-$(uname -r) gcc-12 (the kernel's build compiler version).")
    elif reason == "" and module.endswith(".ko"):
        derived["what"] = f"the .run installer built {module} but could not load it"
        parts.append(f"nvidia-installer built {module} but could not load it: the module was built against the wrong kernel headers, Secure Boot rejects it, or nouveau holds the GPU (see the installer log /var/log/nvidia-installer.log and dmesg).")
        fix.append("Check dmesg | grep -iE 'nvidia|NVRM|nouveau|Lockdown' for the reason; blacklist nouveau or enroll a signing key accordingly, and install the headers for uname -r before rerunning the installer.")
    elif isinstance(devices, int):
        derived["what"] = f"another driver owns {devices} NVIDIA device(s) (nouveau/vfio-pci)"
        parts.append(f"The NVIDIA module loaded but was not given {devices} device(s): another driver (nouveau, nvidiafb, or vfio-pci on a passthrough host) claimed them first.")
        fix.append("If these GPUs are meant for compute on this host: blacklist nouveau / remove the vfio-pci binding and reboot; on a VFIO passthrough host this message is expected.")
    else:
        derived["what"] = f"no {module} module exists for the running kernel{(' ' + kernel) if kernel else ''}"
        parts.append(f"There is no {module} module under /lib/modules/{kernel or '$(uname -r)'}: the driver was installed for another kernel and the running one - usually freshly upgraded - never got a build (DKMS absent, headers missing, or the build failed).")
        fix.append(f"Install the headers and rebuild: sudo apt install linux-headers-{kernel or '$(uname -r)'} && sudo dkms autoinstall (or reinstall nvidia-dkms-<branch> / the precompiled linux-modules-nvidia-<branch>-$(uname -r)), then sudo modprobe nvidia.")
        fix.append("Or boot the previous kernel from the GRUB menu and hold kernel upgrades until the driver is rebuilt.")
    fix.append("Verify: lsmod | grep nvidia and nvidia-smi -L.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
