"""Computed diagnosis for fairseq.task-not-registered: which task, and where it comes from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# tasks added to fairseq itself after the 0.10.x PyPI releases
_LATER_CORE = {
    "hubert_pretraining": "fairseq 0.12 / git main",
    "audio_finetuning": "fairseq 0.12 / git main",
    "speech_unit_modeling": "fairseq git main",
    "speech_to_speech": "fairseq 0.12 / git main",
    "text_to_speech": "fairseq 0.12 / git main",
    "multires_hubert_pretraining": "fairseq git main",
    "audio_classification": "fairseq git main",
    "speech_dlm_task": "fairseq git main",
    "nlu_finetuning": "fairseq git main",
}

# tasks defined by projects in their own user dir
_PROJECT = {
    "av_hubert_pretraining": "AV-HuBERT: common.user_dir=<repo>/avhubert",
    "unpaired_audio_text": "wav2vec-U: common.user_dir=<fairseq>/examples/wav2vec/unsupervised",
    "wavprompt_pretraining": "WavPrompt: common.user_dir=<repo>/wavprompt",
    "speecht5": "SpeechT5: --user-dir <repo>/SpeechT5/speecht5",
    "mae_image_pretraining": "data2vec 2.0 examples: common.user_dir=<fairseq>/examples/data2vec",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = facts.get("task")
    if not task:
        return Explanation(
            text="fairseq could not find the configured task in its registries; the config or checkpoint names a task that no imported module registered.",
            fix=("Pass the project's user dir (common.user_dir / --user-dir) or install a fairseq that has the task.",),
            derived={"hint": ""},
        )
    task = str(task)
    if task in _LATER_CORE:
        hint = f" (a fairseq task added in {_LATER_CORE[task]})"
        text = (f"'{task}' is a task of fairseq itself, but not of the installed release: it came with {_LATER_CORE[task]}.")
        fix = ("pip install git+https://github.com/facebookresearch/fairseq.git (or the commit your project pins), then load again.",)
    elif task in _PROJECT:
        hint = " (a project task: set the user dir)"
        text = f"'{task}' is registered by a project's own code, not by fairseq: {_PROJECT[task]}."
        fix = (f"Pass the user dir: {_PROJECT[task]}; in Python call fairseq.utils.import_user_module(Namespace(user_dir=...)) before loading.",)
    else:
        hint = " (import the module that registers it)"
        text = (f"No imported module registered a task named '{task}'. It is most likely defined by the project that "
                "produced the config/checkpoint, in a folder to pass as the user dir.")
        fix = (f"grep -r \"register_task(\\\"{task}\\\"\\|register_task('{task}'\" <project> to find the package, then pass that folder as common.user_dir / --user-dir.",)
    return Explanation(text=text, fix=fix, derived={"hint": hint})
