// Records one answer from the microphone with Web Audio and returns it as 16-bit mono WAV.
// The turn ends after speech followed by a pause, after 30 s, when stop() is called (an
// interruption keeps what was recorded), or with an error when nothing is heard for 5 s.
"use strict";
window.VerbatimRecorder = (function () {
  const speechLevel = 0.015;
  const pauseSeconds = 1.2;
  const watchdogSeconds = 5;
  const longestSeconds = 30;
  let current = null;

  function wav(chunks, rate) {
    const count = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const view = new DataView(new ArrayBuffer(44 + count * 2));
    const text = (offset, value) => { for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i)); };
    text(0, "RIFF"); view.setUint32(4, 36 + count * 2, true); text(8, "WAVE");
    text(12, "fmt "); view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
    view.setUint32(24, rate, true); view.setUint32(28, rate * 2, true); view.setUint16(32, 2, true); view.setUint16(34, 16, true);
    text(36, "data"); view.setUint32(40, count * 2, true);
    let offset = 44;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++, offset += 2) {
        const sample = Math.max(-1, Math.min(1, chunk[i]));
        view.setInt16(offset, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
      }
    }
    return new Blob([view], { type: "audio/wav" });
  }

  async function record(onLevel) {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const processor = context.createScriptProcessor(4096, 1, 1);
    const mute = context.createGain();
    mute.gain.value = 0;
    source.connect(processor); processor.connect(mute); mute.connect(context.destination);
    const chunks = [];
    let elapsed = 0, heard = false, quiet = 0;
    return new Promise((resolve, reject) => {
      function finish(error) {
        processor.disconnect(); source.disconnect();
        stream.getTracks().forEach((track) => track.stop());
        context.close();
        current = null;
        if (error) reject(error); else resolve(wav(chunks, context.sampleRate));
      }
      current = { stop: () => finish(null) };
      processor.onaudioprocess = (event) => {
        const samples = new Float32Array(event.inputBuffer.getChannelData(0));
        chunks.push(samples);
        const seconds = samples.length / context.sampleRate;
        elapsed += seconds;
        const rms = Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
        if (onLevel) onLevel(rms);
        if (rms > speechLevel) { heard = true; quiet = 0; } else if (heard) { quiet += seconds; }
        if (!heard && elapsed >= watchdogSeconds) finish(new Error("No audio heard for 5 seconds; check the microphone, or type."));
        else if ((heard && quiet >= pauseSeconds) || elapsed >= longestSeconds) finish(null);
      };
    });
  }

  return {
    record: record,
    stop: () => { if (current) current.stop(); },
    get isRecording() { return current !== null; },
  };
})();
