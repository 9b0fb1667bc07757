// Package dashboard serves the emulator's development tools page (GET /) and
// the JSON routes behind it under /dashboard/: the active session of a phone,
// live logs from the in-process ring buffer, fixture replays, knowledge
// packages, prompts, adapter smokes, clearing a phone's conversation, and the
// local interception of media messages (POST /media).
//
// The page is plain HTML, CSS and JavaScript embedded in the binary: no build
// step, no CDN, so it works offline. It chats through the existing POST /chat
// and reads everything else from the routes of this package.
//
// Every route here is a development surface: the runtime's gate answers 404
// for them when DEV_UI_ENABLED=false. Dependencies come in as small
// interfaces (Sessions, Content, Logs, Fixtures, Smokes) declared in this
// package; it imports actors and persistence, never runtime, emulator or cmd.
package dashboard
