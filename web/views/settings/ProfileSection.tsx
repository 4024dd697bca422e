import { useSelector } from '../../store/use-store';
import { AvatarEditor } from './AvatarEditor';
import { FullNameForm } from './FullNameForm';
import { ProfileFieldInput } from './ProfileFieldInput';

/** How others see the person: name, picture and the organization's profile fields. */
export function ProfileSection() {
  const fields = useSelector((state) => state.profileFields);
  return (
    <>
      <fieldset className="settings-group">
        <legend>Name and avatar</legend>
        <FullNameForm />
        <AvatarEditor />
      </fieldset>
      {fields.length > 0 ? (
        <fieldset className="settings-group">
          <legend>Profile</legend>
          {fields.map((field) => (
            <ProfileFieldInput key={field.id} field={field} />
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
