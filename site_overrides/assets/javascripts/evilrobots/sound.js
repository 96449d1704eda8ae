/* The table screen's sound and vibration, both off until the host turns them on: a chime
   when the debate's time is up (Web Audio: two short tones, no sound file to fetch), the
   countdown's calls spoken by the browser's own speech synthesis, and a buzz where the
   device can vibrate. Each does nothing where the browser lacks it. */
let audio = null;

/** Readies the audio while the host's tap is still being handled (browsers start sound
    only after a gesture); the chime can then play later, when the timer runs out. */
export function prime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
}

/** Two falling tones, about a second in all. */
export function chime() {
  prime();
  if (!audio) return false;
  const now = audio.currentTime;
  [880, 587].forEach((frequency, n) => {
    const at = now + n * 0.3;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.7);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.75);
  });
  return true;
}

/** Says `text` aloud, cutting off whatever was still being said. */
export function say(text) {
  if (!("speechSynthesis" in window) || !window.SpeechSynthesisUtterance) return false;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  return true;
}

/** A short buzz, where the device vibrates. */
export function buzz() {
  return typeof navigator.vibrate === "function" && navigator.vibrate([200, 100, 200]);
}
