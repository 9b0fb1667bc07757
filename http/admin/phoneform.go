package admin

import "github.com/nyaruka/phonenumbers"

// typedForm is a stored phone ("+5511988887777") as people type it: the
// national form in the default country ("(11) 98888-7777"), the
// international form elsewhere ("+1 415-555-0100"). A number the metadata
// cannot read is shown as stored.
func typedForm(phone, country string) string {
	num, err := phonenumbers.Parse(phone, country)
	if err != nil {
		return phone
	}
	if phonenumbers.GetRegionCodeForNumber(num) == country {
		return phonenumbers.Format(num, phonenumbers.NATIONAL)
	}
	return phonenumbers.Format(num, phonenumbers.INTERNATIONAL)
}
