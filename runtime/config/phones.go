package config

import (
	"errors"

	"github.com/intake-runtime/intake/actors/messaging"
)

// phones checks DEFAULT_COUNTRY and reads every OPERATOR_PHONES and
// ADMIN_PHONES entry in it, as messaging.ParseTyped reads a number typed in the console: "(11)
// 98888-7777" is the same operator as "+5511988887777" and "551188887777".
// Without a known country the numbers are not checked: that one problem is
// the cause.
func (v *validator) phones(country string, operators, admins []string) {
	region, err := messaging.Region(country)
	if err != nil {
		v.fail("DEFAULT_COUNTRY", "%q is not a country code (ISO 3166-1 alpha-2, e.g. BR)", country)
		return
	}
	for _, l := range []struct {
		name  string
		typed []string
	}{{"OPERATOR_PHONES", operators}, {"ADMIN_PHONES", admins}} {
		for _, raw := range l.typed {
			if _, err := messaging.ParseTyped(raw, region); err != nil {
				v.fail(l.name, "%q is not a phone number%s", raw, hint(err))
			}
		}
	}
}

// hint says what a refused number lacks.
func hint(err error) string {
	if errors.Is(err, messaging.ErrPhoneInvalid) {
		return " of DEFAULT_COUNTRY with its area code, nor one with its country code (e.g. +5511988887777)"
	}
	return ""
}

// withTypedPhones is c, which passed validation, with DEFAULT_COUNTRY
// upper-case and OPERATOR_PHONES and ADMIN_PHONES in their identity form,
// so every layer below compares people's numbers as the platform's senders
// are compared.
func (c Config) withTypedPhones() Config {
	c.UI.DefaultCountry, _ = messaging.Region(c.UI.DefaultCountry)
	c.Handoff.OperatorPhones = typed(c.Handoff.OperatorPhones, c.UI.DefaultCountry)
	c.Admin.Phones = typed(c.Admin.Phones, c.UI.DefaultCountry)
	return c
}

// typed is raw, valid numbers, in their identity form; nil stays nil.
func typed(raw []string, country string) []string {
	if len(raw) == 0 {
		return raw
	}
	phones := make([]string, 0, len(raw))
	for _, r := range raw {
		phone, _ := messaging.ParseTyped(r, country)
		phones = append(phones, phone)
	}
	return phones
}
