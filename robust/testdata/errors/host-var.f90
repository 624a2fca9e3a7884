!$OFP PURE, KERNEL :: shifted
subroutine shifted(n, w, u, v)
  integer, intent(in) :: n
  real, intent(in) :: w, u(n+2)
  real, intent(out) :: v(n+2)
  integer :: i, m, s, t
  m = int(w)  ! ERROR [host-var] "has a call of int"
  do concurrent (i = 1:n)
    s = 1  ! ERROR [host-var] "is assigned inside a nest"
    v(i) = u(i)
  end do
  do concurrent (i = 1:m)
    v(i) = u(i)
  end do
  do concurrent (i = s:t)  ! ERROR [host-var] "never assigns it at its top level"
    v(i) = 0
  end do
end subroutine shifted
