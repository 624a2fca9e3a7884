!$OFP PURE, KERNEL :: guard_real
subroutine guard_real(n, w, a, b)
  integer, intent(in) :: n
  real, intent(in) :: w(2), a(n)
  real, intent(out) :: b(n)
  integer :: i
  if (w(1) > 0.0) then  ! ERROR [loop-guard-array] "reads an element of \"w\", a real(4) array"
    do concurrent (i = 1:n)
      b(i) = a(i)
    end do
  end if
end subroutine guard_real
