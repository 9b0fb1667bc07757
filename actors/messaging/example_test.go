package messaging_test

import (
	"fmt"

	"github.com/intake-runtime/intake/actors/messaging"
)

func ExampleNormalizeSender() {
	phone, err := messaging.NormalizeSender("+55 (11) 98888-7777")
	fmt.Println(phone, err)
	_, err = messaging.NormalizeSender("unknown")
	fmt.Println(err)
	// Output:
	// +5511988887777 <nil>
	// messaging: sender has no digits: "unknown"
}
