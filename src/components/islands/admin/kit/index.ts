// The staff kit (docs/staff.md "Patterns every staff page shares"): staff islands import from
// here and from the island kit (../../ui/), never from another staff area's folder.
export { StaffGate, type StaffIslandProps } from './StaffGate.tsx';
export { default as StaffNav, AREA_PAGES, areaHref } from './StaffNav.tsx';
export { useUrlState } from './url-state.ts';
export { useUnsavedWarning } from './unsaved.ts';
export { ConfirmButton } from './ConfirmButton.tsx';
export {
  DataTable,
  RowMenu,
  nextSort,
  parseSort,
  type DataColumn,
  type DataSelection,
} from './DataTable.tsx';
export { ClearFilters, ListPager, PagedList, SearchForm, StaffTabs, pageOf } from './list.tsx';
export { FormActions, useStaffForm } from './forms.tsx';
export { ImageField } from './ImageField.tsx';
export { DeleteButton, EditableList, type RowTools } from './EditableList.tsx';
